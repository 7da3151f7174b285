"""Chart data of matplotlib figures in the shape @e2b/code-interpreter reads as `result.chart`.

figure_to_chart(fig) returns a dict: {} for a figure without axes, one chart for one Axes, and a
`superchart` (one chart per Axes, titled by the suptitle) for several. Keys whose value is unknown
are kept as None (the SDK's tests expect e.g. `x_unit` to be null, not missing). Written for
Debian's matplotlib 3.6; nothing here draws the figure.
"""
import math
import re

from matplotlib.collections import PathCollection
from matplotlib.lines import Line2D
from matplotlib.patches import PathPatch, Rectangle, Wedge
from matplotlib.text import Text

__all__ = ["figure_to_chart", "axes_to_chart"]

_UNIT = re.compile(r"\s\((.*?)\)|\[(.*?)\]")


def figure_to_chart(fig):
    axes = fig.get_axes()
    if not axes:
        return {}
    if len(axes) == 1:
        return axes_to_chart(axes[0])
    suptitle = getattr(fig, "_suptitle", None)
    title = suptitle.get_text() if suptitle is not None else ""
    return {"type": "superchart", "title": title or None, "elements": [axes_to_chart(ax) for ax in axes]}


def axes_to_chart(ax):
    kind = _chart_type(ax)
    if kind == "line":
        return _point_chart(ax, "line", _line_elements(ax))
    if kind == "scatter":
        return _point_chart(ax, "scatter", _scatter_elements(ax))
    if kind == "bar":
        return _bar_chart(ax)
    if kind == "pie":
        return {"type": "pie", "title": _title(ax), "elements": _pie_elements(ax)}
    if kind == "box_and_whisker":
        return _box_chart(ax)
    return {"type": "unknown", "title": _title(ax), "elements": []}


def _children(ax):
    children = getattr(ax, "_children", None)
    if children is None:  # matplotlib < 3.5
        children = ax.lines + ax.collections + ax.patches
    return [c for c in children if not isinstance(c, Text)]


def _chart_type(ax):
    objects = _children(ax)
    if all(isinstance(o, Line2D) for o in objects):
        return "line"
    if all(isinstance(o, (PathPatch, Line2D)) for o in objects):
        return "box_and_whisker"
    objects = [o for o in objects if not (isinstance(o, Line2D) and _is_reference_line(o))]
    if all(isinstance(o, PathCollection) for o in objects):
        return "scatter"
    if all(isinstance(o, Wedge) for o in objects):
        return "pie"
    if all(isinstance(o, Rectangle) for o in objects):
        return "bar"
    return "unknown"


def _is_reference_line(line):
    """axhline/axvline and grid-like lines: two points on a constant x or y, spanning the axes."""
    x, y = list(line.get_xdata()), list(line.get_ydata())
    return len(x) == 2 and (x[0] == x[1] or y[0] == y[1])


def _title(ax):
    return ax.get_title() or None


def _unit(label):
    if not label:
        return None
    m = _UNIT.search(label)
    return (m.group(1) or m.group(2)) if m else None


def _chart_2d(ax, kind, swap=False):
    x_label, y_label = ax.get_xlabel() or None, ax.get_ylabel() or None
    if swap:
        x_label, y_label = y_label, x_label
    return {
        "type": kind,
        "title": _title(ax),
        "x_label": x_label,
        "y_label": y_label,
        "x_unit": _unit(x_label),
        "y_unit": _unit(y_label),
        "elements": [],
    }


def _number(v):
    try:
        f = float(v)
    except (TypeError, ValueError):
        return str(v)
    if math.isnan(f) or math.isinf(f):
        return None
    return f


def _value(v):
    """A point coordinate: ISO text for dates, a float for numbers, text otherwise."""
    iso = getattr(v, "isoformat", None)
    if callable(iso):
        return iso()
    if type(v).__name__ == "datetime64":
        return str(v.astype("datetime64[s]"))
    if isinstance(v, str):
        return v
    return _number(v)


def _is_date_axis(axis):
    converter = getattr(axis, "converter", None)
    return converter is not None and "Date" in type(converter).__name__


def _is_category_axis(axis):
    units = getattr(axis, "units", None)
    return units is not None and type(units).__name__ == "UnitData"


def _tick_labels(axis, ticks):
    labels = [t.get_text() for t in axis.get_ticklabels()]
    if len(labels) == len(ticks) and any(labels):
        return labels
    try:  # Not drawn yet: ask the formatter, as a draw would.
        return [str(s) for s in axis.get_major_formatter().format_ticks(list(ticks))]
    except Exception:
        return labels


def _axis_info(ax, axis, scale):
    ticks = list(axis.get_ticklocs())
    labels = _tick_labels(axis, ticks)
    if _is_date_axis(axis):
        from matplotlib.dates import num2date

        return [num2date(t).isoformat() for t in ticks], labels, "datetime"
    values = [_number(t) for t in ticks]
    if scale != "linear":
        return values, labels, scale
    return values, labels, "categorical" if _is_category_axis(axis) else "linear"


def _point_chart(ax, kind, elements):
    chart = _chart_2d(ax, kind)
    x_ticks, x_labels, x_scale = _axis_info(ax, ax.xaxis, ax.get_xscale())
    y_ticks, y_labels, y_scale = _axis_info(ax, ax.yaxis, ax.get_yscale())
    chart.update({
        "x_ticks": x_ticks, "x_tick_labels": x_labels, "x_scale": x_scale,
        "y_ticks": y_ticks, "y_tick_labels": y_labels, "y_scale": y_scale,
    })
    chart["elements"] = elements
    return chart


def _series_label(label, prefix, index):
    if not label or label.startswith("_"):
        return f"{prefix} {index}"
    return label


def _line_elements(ax):
    out = []
    for i, line in enumerate(ax.get_lines()):
        points = [[_value(x), _value(y)] for x, y in zip(line.get_xdata(), line.get_ydata())]
        out.append({"label": _series_label(line.get_label(), "Line", i), "points": points})
    return out


def _scatter_elements(ax):
    out = []
    for i, collection in enumerate(c for c in ax.collections if isinstance(c, PathCollection)):
        points = [[_value(x), _value(y)] for x, y in collection.get_offsets()]
        out.append({"label": _series_label(collection.get_label(), "Series", i), "points": points})
    return out


def _nearest_label(position, ticks, labels):
    if not ticks:
        return _number(position)
    i = min(range(len(ticks)), key=lambda k: abs(ticks[k] - position))
    return labels[i] if i < len(labels) and labels[i] else str(_number(ticks[i]))


def _bar_chart(ax):
    containers = [c for c in ax.containers if hasattr(c, "patches")]
    horizontal = any(getattr(c, "orientation", None) == "horizontal" for c in containers)
    if not containers or getattr(containers[0], "orientation", None) is None:
        rects = [p for p in ax.patches if isinstance(p, Rectangle)]
        horizontal = len(rects) > 1 and len({round(r.get_height(), 9) for r in rects}) == 1 and len({round(r.get_width(), 9) for r in rects}) > 1
    chart = _chart_2d(ax, "bar", swap=horizontal)
    axis = ax.yaxis if horizontal else ax.xaxis
    ticks = list(axis.get_ticklocs())
    labels = _tick_labels(axis, ticks)
    groups = containers or [type("Bars", (), {"patches": [p for p in ax.patches if isinstance(p, Rectangle)], "get_label": lambda self: ""})()]
    for g, container in enumerate(groups):
        group = _series_label(container.get_label(), "Group", g)
        for rect in container.patches:
            if horizontal:
                center, value = rect.get_y() + rect.get_height() / 2, rect.get_width()
            else:
                center, value = rect.get_x() + rect.get_width() / 2, rect.get_height()
            chart["elements"].append({"label": str(_nearest_label(center, ticks, labels)), "group": group, "value": _number(value)})
    return chart


def _pie_elements(ax):
    out = []
    for wedge in (p for p in ax.patches if isinstance(p, Wedge)):
        # Wedge angles carry float32 noise (323.999991 for 90 %): 4 decimals are exact enough.
        angle = round(abs(wedge.theta2 - wedge.theta1), 4)
        out.append({"label": wedge.get_label(), "angle": int(angle) if angle.is_integer() else angle, "radius": _number(wedge.r)})
    return out


def _box_rects(ax):
    """(x0, x1, y0, y1) of each box: PathPatch boxes (patch_artist=True) or closed 5-point lines."""
    rects = []
    for p in ax.patches:
        if isinstance(p, PathPatch):
            v = p.get_path().vertices
            rects.append((float(v[:, 0].min()), float(v[:, 0].max()), float(v[:, 1].min()), float(v[:, 1].max())))
    if rects:
        return rects
    for line in ax.get_lines():
        x, y = list(line.get_xdata()), list(line.get_ydata())
        if len(x) == 5 and x[0] == x[-1] and y[0] == y[-1] and len(set(x)) == 2 and len(set(y)) == 2:
            rects.append((float(min(x)), float(max(x)), float(min(y)), float(max(y))))
    return rects


def _box_chart(ax):
    rects = _box_rects(ax)
    widths = {round(r[1] - r[0], 9) for r in rects}
    heights = {round(r[3] - r[2], 9) for r in rects}
    # Vertical boxes (the default) share a width; horizontal ones (vert=False) share a height.
    horizontal = len(rects) > 1 and len(heights) == 1 and len(widths) > 1
    chart = _chart_2d(ax, "box_and_whisker", swap=horizontal)
    axis = ax.yaxis if horizontal else ax.xaxis
    ticks = list(axis.get_ticklocs())
    labels = _tick_labels(axis, ticks)

    def along(x, y):  # (category position, value) whatever the orientation
        return (y, x) if horizontal else (x, y)

    boxes = []
    for x0, x1, y0, y1 in rects:
        (c0, v0), (c1, v1) = along(x0, y0), along(x1, y1)
        boxes.append({"lo": min(c0, c1), "hi": max(c0, c1), "q1": min(v0, v1), "q3": max(v0, v1),
                      "median": None, "min": None, "max": None, "outliers": []})
    for line in ax.get_lines():
        pts = [along(float(x), float(y)) for x, y in zip(line.get_xdata(), line.get_ydata())]
        if not pts:
            continue
        if line.get_linestyle() in ("None", "none", "") and line.get_marker() not in (None, "None", "none", ""):
            for c, v in pts:  # fliers
                for b in boxes:
                    if b["lo"] - 1e-9 <= c <= b["hi"] + 1e-9 and _number(v) not in b["outliers"]:
                        b["outliers"].append(_number(v))
            continue
        if len(pts) != 2:
            continue
        (ca, va), (cb, vb) = pts
        mid = (ca + cb) / 2
        for b in boxes:
            if not (b["lo"] - 1e-9 <= mid <= b["hi"] + 1e-9):
                continue
            if abs(va - vb) < 1e-12 and b["q1"] - 1e-9 <= va <= b["q3"] + 1e-9 and abs(ca - cb) > 0:
                b["median"] = va
            elif abs(ca - cb) < 1e-12:  # a whisker, from a quartile outwards
                lo, hi = min(va, vb), max(va, vb)
                if abs(hi - b["q1"]) < 1e-9:
                    b["min"] = lo
                elif abs(lo - b["q3"]) < 1e-9:
                    b["max"] = hi
            break
    for b in boxes:
        chart["elements"].append({
            "label": str(_nearest_label((b["lo"] + b["hi"]) / 2, ticks, labels)),
            "min": _number(b["min"] if b["min"] is not None else b["q1"]),
            "first_quartile": _number(b["q1"]),
            "median": _number(b["median"]) if b["median"] is not None else None,
            "third_quartile": _number(b["q3"]),
            "max": _number(b["max"] if b["max"] is not None else b["q3"]),
            "outliers": b["outliers"],
        })
    return chart
