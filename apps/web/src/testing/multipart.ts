import { File as NodeFile } from 'node:buffer';
import { vi } from 'vitest';

/**
 * Makes `FormData` and `File` Node's own for the rest of the test (undo with `vi.unstubAllGlobals()`).
 * The tests' `fetch` is Node's, which sends only its own FormData as multipart: jsdom's would leave as
 * the text '[object FormData]' and the handler could not read the upload. Only for tests that send a
 * file; jsdom's FormData stays for the rest (it reads a <form>, Node's does not).
 */
export async function useNodeMultipart() {
  const form = await new Response('', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }).formData();
  vi.stubGlobal('FormData', form.constructor);
  vi.stubGlobal('File', NodeFile);
}
