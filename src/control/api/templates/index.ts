// Registers every template route: builds (v3 request, file uploads, v2 start, status, logs),
// aliases, tags, listing, PATCH (public flag), and DELETE /templates/{id} (templates and snapshots).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { assignTagsRoute } from './assign-tags.js'
import { deleteTemplateRoute } from './delete-template.js'
import type { TemplateRouteDeps } from './deps.js'
import { getAliasRoute } from './get-alias.js'
import { getBuildLogsRoute } from './get-build-logs.js'
import { getBuildStatusRoute } from './get-build-status.js'
import { getTemplateRoute } from './get-template.js'
import { listTagsRoute } from './list-tags.js'
import { listTemplatesRoute } from './list-templates.js'
import { removeTagsRoute } from './remove-tags.js'
import { requestBuildRoute } from './request-build.js'
import { startBuildRoute } from './start-build.js'
import { updateTemplateRoute } from './update-template.js'
import { uploadFileRoute } from './upload-file.js'
import { uploadLinkRoute } from './upload-link.js'

export const templateRoutes: FastifyPluginAsyncTypebox<TemplateRouteDeps> = async (app, deps) => {
  for (const route of [
    requestBuildRoute,
    uploadLinkRoute,
    uploadFileRoute,
    startBuildRoute,
    getBuildStatusRoute,
    getBuildLogsRoute,
    getAliasRoute,
    listTemplatesRoute,
    getTemplateRoute,
    updateTemplateRoute,
    deleteTemplateRoute,
    assignTagsRoute,
    removeTagsRoute,
    listTagsRoute,
  ]) {
    await app.register(route, deps)
  }
}
