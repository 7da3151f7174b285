// What the spikes (bench/*-spike.mjs) made, removed at their end: every container carrying their
// label, then their network. Never fails (already gone is fine).

/** Removes the containers labelled `label` (e.g. sandock.spike=slots) and the network `network`. */
export async function removeSpike(docker, label, network) {
  for (const c of await docker.listContainers({ all: true, filters: { label: [label] } }))
    await docker
      .getContainer(c.Id)
      .remove({ force: true })
      .catch(() => undefined)
  await docker
    .getNetwork(network)
    .remove()
    .catch(() => undefined)
}
