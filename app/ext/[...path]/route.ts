import { unknownPath } from '@/lib/edge/server/unknown-path';

// Any other /ext path — a JSON 404 instead of the HTML page
export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE, unknownPath as OPTIONS };
