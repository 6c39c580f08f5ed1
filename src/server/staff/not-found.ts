/**
 * A back-office detail page's load: the record, or undefined when the load answers 404 (the page then
 * shows the 404 page); any other error is thrown on.
 */
import { HttpError } from '~/server/endpoint/http.ts';

export async function unlessNotFound<T>(load: Promise<T>): Promise<T | undefined> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return undefined;
    throw error;
  }
}
