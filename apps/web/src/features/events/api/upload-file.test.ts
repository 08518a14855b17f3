import { XSRF_COOKIE, XSRF_HEADER } from '@mqr/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeXhr, FakeXhr } from '../fake-xhr.ts';
import { UploadError, uploadFile } from './upload-file.ts';

function lastRequest(): FakeXhr {
  const request = FakeXhr.sent.at(-1);
  if (!request) throw new Error('nothing sent');
  return request;
}

describe('uploadFile', () => {
  beforeEach(() => {
    FakeXhr.reset();
    // biome-ignore lint/suspicious/noDocumentCookie: the XSRF cookie the server would set
    document.cookie = `${XSRF_COOKIE}=xsrf-1; path=/`;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('PUTs the bytes to a local (relative) URL with the Content-Type and the XSRF header, reporting progress', async () => {
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    const onProgress = vi.fn();
    const done = uploadFile('/api/uploads/local/org/a?signature=x', file, 'text/plain', {
      onProgress,
      createRequest: createFakeXhr,
    });
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/api/uploads/local/org/a?signature=x');
    expect(request.headers).toEqual({ 'Content-Type': 'text/plain', [XSRF_HEADER]: 'xsrf-1' });
    expect(request.headers.Authorization).toBeUndefined();
    expect(request.body).toBe(file);
    request.progress(2, 5);
    expect(onProgress).toHaveBeenLastCalledWith(0.4);
    request.respond(204);
    await expect(done).resolves.toBeUndefined();
    expect(onProgress).toHaveBeenLastCalledWith(1);
  });

  it('sends only the Content-Type to an absolute (S3) URL, through the global XMLHttpRequest', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = uploadFile(
      'https://bucket.s3.example.com/org/a?X-Amz-Signature=y',
      new Blob(['x']),
      'image/png',
    );
    const request = lastRequest();
    expect(request.headers).toEqual({ 'Content-Type': 'image/png' });
    request.respond(200);
    await expect(done).resolves.toBeUndefined();
  });

  it('fails on a non-2xx answer and on a network error', async () => {
    const refused = uploadFile('/up', new Blob(['x']), 'text/plain', { createRequest: createFakeXhr });
    lastRequest().respond(403);
    await expect(refused).rejects.toEqual(new UploadError(403));
    const broken = uploadFile('/up', new Blob(['x']), 'text/plain', { createRequest: createFakeXhr });
    lastRequest().fail();
    await expect(broken).rejects.toBeInstanceOf(UploadError);
  });

  it('aborts with the signal', async () => {
    const controller = new AbortController();
    const done = uploadFile('/up', new Blob(['x']), 'text/plain', {
      signal: controller.signal,
      createRequest: createFakeXhr,
    });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(lastRequest().aborted).toBe(true);
  });
});
