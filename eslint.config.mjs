import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const config = [
  { ignores: ['prisma/generated/**', '.next/**', 'node_modules/**', 'public/vendor/**', 'test-results/**', 'playwright-report/**'] },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      // process.env is read in one place only.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through lib/platform/server/env.ts' },
      ],
    },
  },
  {
    files: ['lib/platform/server/env.ts', 'instrumentation.ts', 'test/**', 'e2e/**', 'bench/**', 'playwright.config.ts', '**/*.test.ts', 'scripts/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
];

export default config;
