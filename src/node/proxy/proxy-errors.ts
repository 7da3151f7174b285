// The proxy's own error answers (contract 3.4): JSON bodies (an HTML page for a browser), written
// to a response or a raw upgrade socket.
import { type IncomingMessage, STATUS_CODES, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'

/** `page`: the HTML a browser gets instead of the JSON body (sendProxyError with the request). */
export type ProxyError = Readonly<{ status: number; body: Readonly<Record<string, unknown>>; page?: BrowserPage }>
export type BrowserPage = Readonly<{ title: string; text: string }>

const CONTENT_TYPE = 'application/json; charset=utf-8'
const HTML_CONTENT_TYPE = 'text/html; charset=utf-8'

// compat: envd routes only the control plane may call; blocked on the envd port through the proxy.
const ENVD_CONTROL_ROUTES = new Set(['/init', '/freeze', '/unfreeze', '/collapse', '/fsfreeze', '/fsthaw', '/upgrade'])

export function sandboxNotFound(sandboxId: string): ProxyError {
  const page = { title: 'Sandbox Not Found', text: `The sandbox ${sandboxId} was not found.` }
  return { status: 502, body: { sandboxId, message: 'The sandbox was not found', code: 502 }, page }
}

export function portNotOpen(sandboxId: string, port: number): ProxyError {
  const page = { title: 'Closed Port Error', text: `The sandbox ${sandboxId} is running but port ${port} is not open.` }
  return {
    status: 502,
    body: { sandboxId, message: 'The sandbox is running but port is not open', port, code: 502 },
    page,
  }
}

export function reservedEnvdRoute(sandboxId: string): ProxyError {
  const message = 'This endpoint is reserved for the E2B control plane and is not reachable through the sandbox URL'
  return { status: 404, body: { sandboxId, message, code: 404 } }
}

/** Private sandbox (allowPublicTraffic: false): user ports need e2b-traffic-access-token. */
export function trafficTokenRejected(sandboxId: string, missing: boolean): ProxyError {
  const message = `Sandbox is secured with traffic access token. Token header 'e2b-traffic-access-token' is ${missing ? 'missing' : 'invalid'}`
  return { status: 403, body: { sandboxId, message, code: 403 } }
}

/** Auto-resume refused: the caller lacks the credentials the port requires. */
export function resumeRefused(sandboxId: string): ProxyError {
  const message = "This sandbox can't be resumed with the credentials provided. Check your access token and try again."
  return { status: 403, body: { sandboxId, message, code: 403 } }
}

/** compat: upstream's answer past a sandbox's cap on concurrent incoming connections. */
export function tooManySandboxConnections(sandboxId: string, limit: number): ProxyError {
  const message = `The sandbox has too many concurrent incoming connections (limit: ${limit})`
  return { status: 429, body: { sandboxId, message, code: 429, connectionLimit: limit } }
}

export function badRoute(message: string): ProxyError {
  return { status: 400, body: { code: 400, message } }
}

export function noSandboxInRequest(): ProxyError {
  return { status: 404, body: { code: 404, message: 'no sandbox in request' } }
}

/**
 * True for envd's control-plane routes. The path is normalised the way the forwarder and envd may
 * read it (dot segments resolved, percent-decoded, repeated and trailing slashes collapsed,
 * lower-cased) so spelling variants cannot slip through.
 */
export function isEnvdControlRoute(url: string | undefined): boolean {
  let path = pathnameOf(url ?? '/')
  try {
    path = decodeURIComponent(path)
  } catch {
    // Malformed escapes: match on the raw text.
  }
  path = pathnameOf(path.replace(/\/+/g, '/'))
  path = path
    .toLowerCase()
    .replace(/\/+/g, '/')
    .replace(/(.)\/$/, '$1')
  return ENVD_CONTROL_ROUTES.has(path)
}

function pathnameOf(url: string): string {
  try {
    // Origin-form paths are prefixed so that `//x` is not read as a host; absolute-form is parsed as is.
    return new URL(url.startsWith('/') ? `http://base.invalid${url}` : url, 'http://base.invalid').pathname
  } catch {
    return url
  }
}

/**
 * Answers the request with the error unless a response has already started (then the caller must
 * cut it). With the request, a browser gets the error's HTML page when it has one.
 */
export function sendProxyError(res: ServerResponse, err: ProxyError, req?: Pick<IncomingMessage, 'headers'>): void {
  if (res.headersSent || res.destroyed) return
  // compat: upstream's proxy answers browsers (by User-Agent) with an HTML page, same status;
  // SDKs and other clients keep the JSON body.
  const html = err.page !== undefined && req !== undefined && isBrowser(req.headers['user-agent'])
  const payload = html && err.page ? renderPage(err.page) : JSON.stringify(err.body)
  const contentType = html ? HTML_CONTENT_TYPE : CONTENT_TYPE
  res.writeHead(err.status, { 'content-type': contentType, 'content-length': Buffer.byteLength(payload) })
  res.end(payload)
}

/** Browsers all send `Mozilla/5.0 (…)`; SDKs, curl and Node's fetch do not. */
export function isBrowser(userAgent: string | undefined): boolean {
  return userAgent !== undefined && /^Mozilla\/\d/.test(userAgent)
}

function renderPage(page: BrowserPage): string {
  const title = escapeHtml(page.title)
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${title}</title></head>`,
    `<body><h1>${title}</h1><p>${escapeHtml(page.text)}</p></body>`,
    '</html>',
  ].join('\n')
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Writes the error as a complete HTTP/1.1 response on an upgrade socket, then ends the socket. */
export function writeProxyErrorToSocket(socket: Duplex, err: ProxyError): void {
  if (socket.destroyed || !socket.writable) return
  const payload = JSON.stringify(err.body)
  const head = [
    `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status] ?? ''}`,
    `Content-Type: ${CONTENT_TYPE}`,
    `Content-Length: ${Buffer.byteLength(payload)}`,
    'Connection: close',
  ].join('\r\n')
  socket.end(`${head}\r\n\r\n${payload}`)
}
