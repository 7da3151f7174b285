// Counting a template's spawns (spawnCount, lastSpawnedAt): part of a create, told by the node that
// created the sandbox (LocalNode, or ClusterNode after placing it).
import type { Logger } from 'pino'
import type { TemplateStore } from './template-store.js'

/** Counts a create from a template; snapshot ids are ignored. Never throws: the create already succeeded. */
export function spawnCounter(store: Pick<TemplateStore, 'recordSpawn'>, log: Logger): (templateId: string) => void {
  return (templateId) =>
    void store.recordSpawn(templateId).catch((err: unknown) => log.warn({ err, templateId }, 'counting a spawn failed'))
}
