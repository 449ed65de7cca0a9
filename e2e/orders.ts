// A minimal valid create request for the end-to-end tests, with the given vendor_oid.
export const order = (vendorOid: string) => ({
  pickup: { lat: 24.6953, lng: 46.6851, address_line: 'Olaya St' },
  destination: { lat: 24.7743, lng: 46.7386 },
  user_metadata: { id: 'c1', email: 'c1@example.com', phone: '+966500000001' },
  vendor_id: 'v1',
  vendor_name: { 'en-us': 'E2E Kitchen' },
  vendor_oid: vendorOid,
  vendor_bid: 'b1',
});
