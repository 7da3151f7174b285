// Raw HTTP helpers: a GET through node:http that returns the body as sent (fetch() would decompress
// gzip transparently), and a body read as JSON or text.
import { request } from 'node:http'

export function rawGet(
  url: URL | string,
  headers: Record<string, string> = {},
): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** A response's body parsed as JSON, or its text when it is not JSON. */
export async function jsonOrText(res: Response): Promise<any> {
  const text = await res.text()
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
