import { mount } from '@/lib/edge/server/mount';
import { openApiDocumentOperation } from '@/app/ext/openapi.json/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mount('public', [openApiDocumentOperation]);
