/**
 * A page's scripts start after its first paint is on screen. Next writes each page's chunks as
 * `<script src async>` in the head (and preloads its bootstrap chunk); over a fast link they ran
 * while the browser was still laying out and painting the server's HTML, and over a slow one
 * their 190 KB shared the bandwidth with the document and its stylesheets. Lighthouse's mobile
 * simulation charged both to the largest paint: every chunk that had downloaded before the
 * recorded paint, run or not (docs/performance.md). Here the tags leave the head and one inline
 * loader under the page's nonce inserts them once the browser reports the first contentful
 * paint (at once in a hidden tab, which does not paint, and after LOADER_FALLBACK_MS whatever
 * happens). Scripts inserted by a nonced script run under the policy's 'strict-dynamic' and
 * carry the nonce too. The HTML already holds the whole page, so the shopper sees it first and
 * it becomes interactive when the chunks have run, as before.
 *
 * Applied by web-server.mjs to HTML answers only, as they stream. A tag it does not recognise
 * (no nonce, not one of Next's chunks, `noModule`) is left as it is.
 */

/** The loader's last resort, should no paint ever be reported. */
export const LOADER_FALLBACK_MS = 3000;

const HEAD_END = '</head>';
/** A `<script …></script>`, and a `<link rel="preload" …/>`. */
const SCRIPT_TAG = /<script\b([^>]*)><\/script>/g;
const PRELOAD_TAG = /<link\b([^>]*\brel="preload"[^>]*)\/?>/g;
const ATTRIBUTE = /([\w-]+)(?:="([^"]*)")?/g;
/** What the loader puts on `self` for the scripts found after the head. */
const GLOBAL = '__scriptsAfterPaint';

function attributesOf(text) {
  const attributes = new Map();
  for (const [, name, value] of text.matchAll(ATTRIBUTE))
    attributes.set(name.toLowerCase(), value ?? '');
  return attributes;
}

/** A chunk's path and a nonce as Next writes them: nothing an attribute or a string escapes. */
const CHUNK_PATH = /^\/_next\/static\/[\w./-]+$/;
const NONCE = /^[\w+/=-]+$/;

/** The chunk and nonce of a tag this module defers; undefined for any other tag. */
function deferrable(attributeText) {
  const attributes = attributesOf(attributeText);
  const src = attributes.get('src');
  const nonce = attributes.get('nonce');
  if (!src || !CHUNK_PATH.test(src) || !nonce || !NONCE.test(nonce)) return undefined;
  if (!attributes.has('async') || attributes.has('nomodule')) return undefined;
  return { src, nonce };
}

/** Next's preload of a chunk: the loader fetches it after the paint instead. */
function isChunkPreload(attributeText) {
  const attributes = attributesOf(attributeText);
  return attributes.get('as') === 'script' && CHUNK_PATH.test(attributes.get('href') ?? '');
}

function loaderScript(nonce, sources) {
  return (
    `<script nonce="${nonce}">(()=>{` +
    `const q=${JSON.stringify(sources)},n=document.currentScript.nonce;let go=false;` +
    `const add=(s)=>{const e=document.createElement('script');e.src=s;e.async=true;e.nonce=n;document.head.appendChild(e)};` +
    `const start=()=>{if(go)return;go=true;for(const s of q.splice(0))add(s)};` +
    `self.${GLOBAL}=(s)=>{if(go)add(s);else q.push(s)};` +
    `const painted=typeof PerformanceObserver==='function'&&(PerformanceObserver.supportedEntryTypes||[]).includes('paint');` +
    `if(document.visibilityState!=='visible'||!painted)start();` +
    `else new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();start()}}).observe({type:'paint',buffered:true});` +
    `document.addEventListener('visibilitychange',start,{once:true});` +
    `setTimeout(start,${LOADER_FALLBACK_MS})` +
    `})()</script>`
  );
}

/** The head without its chunks, and the loader at its end; unchanged without any. */
export function rewriteHead(head) {
  const sources = [];
  let nonce;
  const withoutScripts = head.replace(SCRIPT_TAG, (tag, attributeText) => {
    const found = deferrable(attributeText);
    if (!found) return tag;
    nonce ??= found.nonce;
    sources.push(found.src);
    return '';
  });
  if (!nonce) return { head, deferring: false };
  const rewritten = withoutScripts.replace(PRELOAD_TAG, (tag, attributeText) =>
    isChunkPreload(attributeText) ? '' : tag,
  );
  return { head: rewritten + loaderScript(nonce, sources), deferring: true };
}

/** A chunk's script tag after the head: handed to the loader the head installed. */
export function rewriteBody(text) {
  return text.replace(SCRIPT_TAG, (tag, attributeText) => {
    const found = deferrable(attributeText);
    if (!found) return tag;
    return `<script nonce="${found.nonce}">self.${GLOBAL}(${JSON.stringify(found.src)})</script>`;
  });
}

/** The chunks a rewritten page's loader inserts after the paint, in order (for the benches). */
export function deferredSources(html) {
  const queued = [...html.matchAll(/const q=(\[[^\]]*\])/g)].flatMap(([, list]) =>
    JSON.parse(list),
  );
  const handed = [...html.matchAll(new RegExp(`self\\.${GLOBAL}\\(("[^"]+")\\)`, 'g'))];
  return [...queued, ...handed.map(([, source]) => JSON.parse(source))];
}

/** How much of `text` can go out now: up to a script element or a tag that may be cut. */
function completeUpTo(text) {
  const script = text.lastIndexOf('<script');
  if (script !== -1 && !text.includes('</script>', script)) return script;
  const open = text.lastIndexOf('<');
  return open === -1 || text.includes('>', open) ? text.length : open;
}

/**
 * Rewrites what `response` writes when its Content-Type is HTML (a page, its error screen);
 * anything else (RSC payloads, files, redirects) passes through untouched. An HTML answer's
 * writes of one turn of the event loop go out as one write and one flush: Next writes a page in
 * many pieces and flushes the compressor after each, and every flush ends a deflate block (the
 * payment page's 14.7 KB of gzip were 13.2 KB in one block, the difference between one TCP
 * window and two).
 * @param {import('node:http').ServerResponse} response
 */
export function deferScriptsToFirstPaint(response) {
  const write = response.write.bind(response);
  const end = response.end.bind(response);
  const flush = typeof response.flush === 'function' ? response.flush.bind(response) : () => {};
  const decoder = new TextDecoder();
  /** Undefined until the first write decides; then 'head' (buffering), 'body', 'plain' or 'off'. */
  let state;
  let pending = '';
  /** Rewritten text waiting for the end of this turn. */
  let queued = '';
  let scheduled = false;

  const isHtml = () => /^text\/html\b/i.test(String(response.getHeader('content-type') ?? ''));

  /** The text ready to go out after `chunk`, held back where a tag may be cut. */
  const take = (chunk, last) => {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: !last });
    if (state === 'head') {
      const at = pending.indexOf(HEAD_END);
      if (at === -1 && !last) return '';
      const split = at === -1 ? pending.length : at;
      const rewritten = rewriteHead(pending.slice(0, split));
      pending = pending.slice(split);
      state = rewritten.deferring ? 'body' : 'plain';
      return rewritten.head + take('', last);
    }
    const upTo = last || state === 'plain' ? pending.length : completeUpTo(pending);
    const out = pending.slice(0, upTo);
    pending = pending.slice(upTo);
    return state === 'body' ? rewriteBody(out) : out;
  };

  const sendQueued = () => {
    scheduled = false;
    if (response.writableEnded || queued === '') return;
    const out = queued;
    queued = '';
    write(out, 'utf8');
    flush();
  };

  const decide = () => {
    state ??= isHtml() ? 'head' : 'off';
  };

  // React names the head's stylesheets again in a Link header, for a CDN's early hints: 0.7 KB
  // outside the compression, which put the payment page's answer over one TCP window. The
  // stylesheet links are the first tags of the head anyway.
  const writeHead = response.writeHead.bind(response);
  response.writeHead = (...args) => {
    decide();
    if (state !== 'off') response.removeHeader('link');
    return writeHead(...args);
  };

  response.write = (chunk, encoding, callback) => {
    decide();
    if (state === 'off' || chunk === undefined || chunk === null)
      return write(chunk, encoding, callback);
    queued += take(chunk, false);
    if (!scheduled && queued !== '') {
      scheduled = true;
      setImmediate(sendQueued);
    }
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) queueMicrotask(done);
    return true;
  };
  response.flush = () => {
    // An HTML answer is flushed once per turn, by sendQueued.
    if (state === 'off' || state === undefined) flush();
  };
  response.end = (chunk, encoding, callback) => {
    decide();
    if (state === 'off') return end(chunk, encoding, callback);
    if (typeof chunk === 'function') [chunk, callback] = [undefined, chunk];
    if (typeof encoding === 'function') callback = encoding;
    const out = queued + take(chunk === undefined || chunk === null ? '' : chunk, true);
    queued = '';
    return end(out, 'utf8', callback);
  };
  return response;
}
