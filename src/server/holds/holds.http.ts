/** The hold endpoints' path: the stone's (or the hold's) id. */
import { z } from 'zod';
import { recordIdSchema } from '~/server/endpoint/record-id.ts';

export const holdPathSchema = z.object({ id: recordIdSchema });
