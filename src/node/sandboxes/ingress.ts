// network.maskRequestHost and network.httpsPorts of a create: checked (upstream's texts for the
// mask) into the sandbox's Ingress, which the proxy applies to its user ports.
import { domainToASCII } from 'node:url'
import { InvalidArgumentError } from '../../shared/errors.js'
import { ENVD_PORT } from '../../shared/envd.js'
import type { Ingress } from './types.js'

const MAX_HTTPS_PORTS = 128

/** Go's net.SplitHostPort when there is a port, else the whole value as the host. */
function hostOf(mask: string): string | undefined {
  if (mask.startsWith('[')) {
    const end = mask.indexOf(']')
    return end < 0 ? undefined : mask.slice(1, end)
  }
  const colons = mask.split(':').length - 1
  if (colons === 0) return mask
  if (colons > 1) return undefined
  return mask.slice(0, mask.indexOf(':'))
}

export function validateIngress(input: {
  maskRequestHost?: string | undefined
  httpsPorts?: readonly number[] | undefined
}): Ingress | undefined {
  const { maskRequestHost, httpsPorts } = input
  if (maskRequestHost !== undefined) {
    const host = hostOf(maskRequestHost)
    if (host === undefined) throw new InvalidArgumentError(`mask request host is not valid: ${maskRequestHost}`)
    // compat: upstream's IDNA check (idna.Display.ToASCII must give the same host back).
    // eslint-disable-next-line no-control-regex
    if (!/^[\x00-\x7f]*$/.test(host)) {
      if (domainToASCII(host) === '')
        throw new InvalidArgumentError(`mask request host is not valid: ${maskRequestHost}`)
      throw new InvalidArgumentError(`mask request host '${host}' is not ASCII. Please use ASCII characters only.`)
    }
  }
  if (httpsPorts !== undefined) {
    if (httpsPorts.length > MAX_HTTPS_PORTS)
      throw new InvalidArgumentError(`network.httpsPorts: at most ${MAX_HTTPS_PORTS} ports`)
    for (const p of httpsPorts) {
      if (!Number.isInteger(p) || p < 1 || p > 65535)
        throw new InvalidArgumentError(`network.httpsPorts: ${p} is not a port (1-65535)`)
      if (p === ENVD_PORT)
        throw new InvalidArgumentError(`network.httpsPorts: ${ENVD_PORT} is envd's port and cannot be an HTTPS port`)
    }
    if (new Set(httpsPorts).size !== httpsPorts.length)
      throw new InvalidArgumentError('network.httpsPorts: ports must be unique')
  }
  if (maskRequestHost === undefined && httpsPorts === undefined) return undefined
  return {
    ...(maskRequestHost !== undefined ? { maskRequestHost } : {}),
    ...(httpsPorts !== undefined ? { httpsPorts: [...httpsPorts] } : {}),
  }
}
