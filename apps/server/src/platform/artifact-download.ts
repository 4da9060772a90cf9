/**
 * The headers an artifact (of a playbook run or an exec check) is served with. An artifact is whatever a script or pod wrote, so the browser
 * must never render it as a page of this origin: it is always an attachment, never sniffed (the app's
 * Content-Security-Policy applies too), and a type that a browser would run (HTML, SVG, XML, script) or that is not a plain
 * `type/subtype` is served as `application/octet-stream`.
 */

/** The type sent when the stored one is missing, malformed or active content. */
export const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const ACTIVE_TYPE = /(html|xml|svg|javascript|ecmascript|x-sh|wasm)/;
const CHARSET = /^[a-z0-9_.:-]{1,40}$/;

/** The Content-Type of a stored artifact type: its own when passive and well formed, else octet-stream. */
export function safeContentType(stored: string): string {
  const [type = '', ...params] = stored.toLowerCase().split(';');
  const media = type.trim();
  if (!MEDIA_TYPE.test(media) || ACTIVE_TYPE.test(media) || media.startsWith('multipart/'))
    return FALLBACK_CONTENT_TYPE;
  const charset = params.map((p) => p.trim()).find((p) => p.startsWith('charset='));
  const value = charset?.slice('charset='.length).replaceAll('"', '');
  return media.startsWith('text/') && value && CHARSET.test(value) ? `${media}; charset=${value}` : media;
}

/**
 * `attachment` with an ASCII fallback name (quotes, backslashes, control and non-ASCII characters
 * replaced) and the exact name in RFC 5987 form, so no file name can break out of the header.
 */
export function attachmentDisposition(filename: string): string {
  const name = filename.split(/[\\/]/).at(-1) || 'artifact';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_').slice(0, 200) || 'artifact';
  const exact = encodeURIComponent(name.slice(0, 200)).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * Every header of an artifact download. The length is the bytes sent, not the stored `size`: a length
 * larger than the body would leave the client waiting for bytes that never come.
 */
export function artifactHeaders(artifact: {
  filename: string;
  content_type: string;
  checksum: string;
  content: { byteLength: number };
}) {
  return {
    'Content-Type': safeContentType(artifact.content_type),
    'Content-Disposition': attachmentDisposition(artifact.filename),
    'Content-Length': String(artifact.content.byteLength),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    ETag: `"${artifact.checksum}"`,
  };
}
