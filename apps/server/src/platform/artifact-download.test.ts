import { describe, expect, it } from 'vitest';
import { artifactHeaders, FALLBACK_CONTENT_TYPE } from './artifact-download.js';

describe('artifact download headers', () => {
  it('sends the length of the bytes served, whatever size was stored with them', () => {
    const headers = artifactHeaders({
      filename: 'log.txt',
      content_type: 'text/plain',
      checksum: 'abc',
      content: Buffer.from('eighteen bytes ok!'),
    });
    expect(headers['Content-Length']).toBe('18');
  });

  it('serves active content as an attachment of octet-stream, never sniffed', () => {
    const headers = artifactHeaders({
      filename: 'page.html',
      content_type: 'text/html',
      checksum: 'abc',
      content: new Uint8Array(0),
    });
    expect(headers['Content-Type']).toBe(FALLBACK_CONTENT_TYPE);
    expect(headers['Content-Disposition']).toContain('attachment;');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });
});
