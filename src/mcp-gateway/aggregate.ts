// One MCP server in front of many: the gateway's tools, prompts and resources are its servers',
// listed afresh at every list (a server may change its own) and each call sent to the server that
// listed the name. A name two servers share is kept by the first; the second's is `<server>_<name>`.
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Prompt,
  type Resource,
  type ResourceTemplate,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'
import type { Backend } from './backends.js'

type Route = Readonly<{ backend: Backend; name: string }>
type Kind = 'tools' | 'prompts' | 'resources'

/** Every page of a list, for servers that page theirs. */
async function allPages<T>(
  list: (cursor?: string) => Promise<{ nextCursor?: string } & Record<string, unknown>>,
  key: string,
) {
  const items: T[] = []
  let cursor: string | undefined
  for (let page = 0; page < 100; page++) {
    const r = await list(cursor)
    items.push(...((r[key] as T[] | undefined) ?? []))
    cursor = r.nextCursor
    if (!cursor) break
  }
  return items
}

export type Aggregate = Readonly<{ createServer(): Server }>

export function createAggregate(backends: readonly Backend[]): Aggregate {
  const routes: Record<Kind, Map<string, Route>> = { tools: new Map(), prompts: new Map(), resources: new Map() }
  const has = (b: Backend, kind: Kind) => Boolean(b.client.getServerCapabilities()?.[kind])

  /** Lists `kind` on every server that has it and renames clashes; the routes follow the list. */
  async function listNamed<T extends { name: string }>(
    kind: 'tools' | 'prompts',
    list: (b: Backend, cursor?: string) => Promise<never>,
  ) {
    const next = new Map<string, Route>()
    const out: T[] = []
    for (const backend of backends.filter((b) => has(b, kind))) {
      for (const item of await allPages<T>((c) => list(backend, c), kind)) {
        const exposed = next.has(item.name) ? `${backend.name}_${item.name}` : item.name
        next.set(exposed, { backend, name: item.name })
        out.push({ ...item, name: exposed })
      }
    }
    routes[kind] = next
    return out
  }
  const listTools = () => listNamed<Tool>('tools', (b, cursor) => b.client.listTools({ cursor }) as Promise<never>)
  const listPrompts = () =>
    listNamed<Prompt>('prompts', (b, cursor) => b.client.listPrompts({ cursor }) as Promise<never>)
  async function listResources() {
    const next = new Map<string, Route>()
    const out: Resource[] = []
    for (const backend of backends.filter((b) => has(b, 'resources'))) {
      for (const r of await allPages<Resource>(
        (cursor) => backend.client.listResources({ cursor }) as Promise<never>,
        'resources',
      )) {
        if (!next.has(r.uri)) next.set(r.uri, { backend, name: r.uri })
        out.push(r)
      }
    }
    routes.resources = next
    return out
  }

  /** The server for a name, listing again once when the name is new to the gateway. */
  async function route(kind: Kind, name: string, relist: () => Promise<unknown>): Promise<Route> {
    if (!routes[kind].has(name)) await relist()
    const r = routes[kind].get(name)
    if (!r) throw new McpError(ErrorCode.InvalidParams, `no ${kind.slice(0, -1)} '${name}' on this gateway`)
    return r
  }

  function createServer(): Server {
    const kinds = (['tools', 'prompts', 'resources'] as const).filter(
      (k) => k === 'tools' || backends.some((b) => has(b, k)),
    )
    const server = new Server(
      { name: 'sandock-mcp-gateway', version: '1.0.0' },
      { capabilities: Object.fromEntries(kinds.map((k) => [k, {}])) },
    )
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await listTools() }))
    server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
      const r = await route('tools', req.params.name, listTools)
      return r.backend.client.callTool({ ...req.params, name: r.name }, undefined, { signal: extra.signal })
    })
    if (kinds.includes('prompts')) {
      server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: await listPrompts() }))
      server.setRequestHandler(GetPromptRequestSchema, async (req, extra) => {
        const r = await route('prompts', req.params.name, listPrompts)
        return r.backend.client.getPrompt({ ...req.params, name: r.name }, { signal: extra.signal })
      })
    }
    if (kinds.includes('resources')) {
      server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: await listResources() }))
      server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => {
        const templates: ResourceTemplate[] = []
        for (const b of backends.filter((x) => has(x, 'resources')))
          templates.push(
            ...(await allPages<ResourceTemplate>(
              (cursor) => b.client.listResourceTemplates({ cursor }) as Promise<never>,
              'resourceTemplates',
            )),
          )
        return { resourceTemplates: templates }
      })
      server.setRequestHandler(ReadResourceRequestSchema, async (req, extra) => {
        const known =
          routes.resources.get(req.params.uri) ?? (await listResources(), routes.resources.get(req.params.uri))
        // A templated URI is no listed resource: the servers with resources are asked in turn.
        const candidates = known ? [known.backend] : backends.filter((b) => has(b, 'resources'))
        let last: unknown = new McpError(ErrorCode.InvalidParams, `no resource '${req.params.uri}' on this gateway`)
        for (const b of candidates) {
          try {
            return await b.client.readResource(req.params, { signal: extra.signal })
          } catch (e) {
            last = e
          }
        }
        throw last
      })
    }
    return server
  }
  return { createServer }
}
