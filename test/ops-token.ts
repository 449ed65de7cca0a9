/** The operator token every integration test process runs with. */
export const OPS_TOKEN = 'test-ops-token-0123456789';
