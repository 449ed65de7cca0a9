/** Text made safe for a marker's HTML (Leaflet's divIcon takes a string), in both Leaflet maps. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
