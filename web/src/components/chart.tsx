// A uPlot line chart: a sparkline in table rows, or a full chart with axes and a legend.
import { useEffect, useRef } from 'preact/hooks'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { Series } from '../lib/metrics-series.js'

export type ChartProps = {
  data: Series
  /** One label and colour per y series. */
  series: { label: string; color: string; fill?: boolean }[]
  sparkline?: boolean
  height: number
  /** Fixed width; otherwise the container's width. */
  width?: number
  /** The y axis reaches at least this high (default 1) and at most `maxTop`. */
  minTop?: number
  maxTop?: number
  unit?: string
  title?: string
}

const clock = (unixS: number) => new Date(unixS * 1000).toTimeString().slice(0, 8)

export function Chart(props: ChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const plot = useRef<uPlot | undefined>(undefined)

  useEffect(() => {
    const el = box.current!
    const width = props.width ?? Math.max(200, el.clientWidth)
    const unit = props.unit ?? ''
    const opts: uPlot.Options = {
      width,
      height: props.height,
      title: props.sparkline ? undefined : props.title,
      cursor: props.sparkline ? { show: false } : { drag: { x: false, y: false } },
      legend: { show: !props.sparkline },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      // From 0 to a little above the peak (at least `minTop`, at most `maxTop`), so small values stay visible.
      scales: {
        x: { time: true },
        y: {
          range: (_u, _min, max) => [0, Math.min(props.maxTop ?? Infinity, Math.max(props.minTop ?? 1, max * 1.2))],
        },
      },
      axes: props.sparkline
        ? [{ show: false }, { show: false }]
        : [
            {
              stroke: '#8b949e',
              grid: { stroke: '#30363d' },
              ticks: { stroke: '#30363d' },
              space: 70,
              values: (_u, vals) => vals.map(clock),
            },
            {
              stroke: '#8b949e',
              grid: { stroke: '#30363d' },
              ticks: { stroke: '#30363d' },
              size: 60,
              values: (_u, vals) => vals.map((v) => `${Math.round(v)}${unit}`),
            },
          ],
      series: [
        {},
        ...props.series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: props.sparkline ? 1.25 : 1.5,
          fill: s.fill ? `${s.color}33` : undefined,
          points: { show: false },
          value: (_u: uPlot, v: number | null) => (v == null ? '—' : `${v.toFixed(1)}${unit}`),
        })),
      ],
    }
    plot.current = new uPlot(opts, props.data as uPlot.AlignedData, el)
    let observer: ResizeObserver | undefined
    if (props.width === undefined) {
      observer = new ResizeObserver(() =>
        plot.current?.setSize({ width: Math.max(200, el.clientWidth), height: props.height }),
      )
      observer.observe(el)
    }
    return () => {
      observer?.disconnect()
      plot.current?.destroy()
      plot.current = undefined
    }
    // Rebuilt only when its shape changes; data updates go through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.sparkline, props.height, props.width, props.series.length, props.title])

  useEffect(() => {
    plot.current?.setData(props.data as uPlot.AlignedData)
  }, [props.data])

  return <div class={props.sparkline ? 'chart sparkline' : 'chart'} ref={box} />
}
