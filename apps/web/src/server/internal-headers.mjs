/**
 * Next.js tells its own layers how a request was routed in x-middleware-* headers and leaves
 * them on the answer: x-middleware-rewrite even carries the api's internal address. The HTTP
 * server (apps/web/server.mjs) drops them from every response before they leave the process.
 */

const isInternal = (name) => /^x-middleware-/i.test(String(name));

/** Makes `response` ignore internal headers, however Next sets them. */
export function hideInternalHeaders(response) {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) => (isInternal(name) ? response : setHeader(name, value));
  const appendHeader = response.appendHeader?.bind(response);
  if (appendHeader) {
    response.appendHeader = (name, value) =>
      isInternal(name) ? response : appendHeader(name, value);
  }
  const writeHead = response.writeHead.bind(response);
  response.writeHead = (status, ...rest) => {
    for (const name of response.getHeaderNames()) if (isInternal(name)) response.removeHeader(name);
    const headers = rest.at(-1);
    if (headers && typeof headers === 'object' && !Array.isArray(headers)) {
      rest[rest.length - 1] = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !isInternal(name)),
      );
    }
    return writeHead(status, ...rest);
  };
  return response;
}
