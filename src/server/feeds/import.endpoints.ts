/** The stock-file import's endpoint (docs/api.md "Diamond import"). */
import { defineEndpoint } from '~/server/endpoint/define.ts';
import { importQuerySchema, importSummarySchema } from './import.answers.ts';

export const importEndpoints = {
  diamonds: defineEndpoint({
    method: 'post',
    path: '/api/admin/diamonds/import',
    tag: 'Operators',
    access: 'admin',
    summary: 'Import a diamond stock file (RapNet columns and codes): the summary and the first 100 rejected rows',
    description:
      'With `Accept: text/csv` the answer is instead the file of every rejected row in file order (`line,stock_number,reasons`, `Content-Disposition: attachment`), the summary without its rejections in the `Import-Summary` header (JSON).',
    query: importQuerySchema,
    fileBody: {
      types: ['text/csv', 'application/x-ndjson'],
      description: 'The stock file, streamed: CSV (comma, semicolon or tab, header row) or JSON Lines; at most ADMIN_IMPORT_MAX_BYTES (512 MB by default)',
    },
    answers: { 200: importSummarySchema },
    errors: [401, 404, 413, 415, 429],
  }),
};
