/**
 * An end customer whose every detail carries `tag`, so that a leak of any of it (into the tracking
 * JSON, the tracking page's HTML or its text) can be searched for. The tracking API's tests and the
 * tracking page's e2e spec both look for these fields.
 */
export function distinctiveCustomer(tag: string) {
  return {
    id: `customer-${tag}`,
    username: `layla${tag}`,
    firstName: `Layla${tag}`,
    lastName: `Haddad${tag}`,
    email: `layla.${tag}@example.com`,
    phone: '+966 55 123 4567',
  };
}
