// Finds an end-of-cell marker in a stream of output chunks (pure): everything before it is the
// cell's output, the marker's tail (up to the newline) is its status. A chunk may end mid-marker.

export type Split = { output: string; status: string | undefined }

export class MarkerSplitter {
  private held = ''

  constructor(private readonly marker: string) {}

  /** Feeds a chunk; returns the output that is certainly not part of a marker, and the status once the marker line is complete. */
  feed(chunk: string): Split {
    const text = this.held + chunk
    const at = text.indexOf(this.marker)
    if (at >= 0) {
      const nl = text.indexOf('\n', at + this.marker.length)
      if (nl < 0) {
        this.held = text.slice(at)
        return { output: text.slice(0, at), status: undefined }
      }
      this.held = ''
      return { output: text.slice(0, at), status: text.slice(at + this.marker.length, nl) }
    }
    // Hold back the longest suffix that could start the marker.
    let keep = Math.min(this.marker.length - 1, text.length)
    while (keep > 0 && !this.marker.startsWith(text.slice(text.length - keep))) keep--
    this.held = text.slice(text.length - keep)
    return { output: text.slice(0, text.length - keep), status: undefined }
  }
}
