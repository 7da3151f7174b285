// Test-only preload (node --import): resolves *.sandock.test to 127.0.0.1, standing in for the
// wildcard DNS record a real domain-mode deployment has. Everything else resolves normally.
import dns from 'node:dns'

const original = dns.lookup
dns.lookup = function lookup(host, options, callback) {
  if (typeof options === 'function') {
    callback = options
    options = {}
  }
  if (/(^|\.)sandock\.test$/i.test(host)) {
    const all = typeof options === 'object' && options !== null && options.all
    if (all) return process.nextTick(callback, null, [{ address: '127.0.0.1', family: 4 }])
    return process.nextTick(callback, null, '127.0.0.1', 4)
  }
  return original.call(dns, host, options, callback)
}
