# Start-up hooks of the code-interpreter template (contract §5): the `e2b/data` (pandas DataFrame),
# `e2b/chart` (matplotlib Figure) and `application/json` (list, dict) formatters, and PIL images
# shown as PNG from Image.show() and Image.save(<path>). Heavy libraries are never imported here:
# the formatters are registered by type name and apply once the user imports pandas or matplotlib.
def _sandock_setup():
    import datetime
    import json
    import math

    from IPython import get_ipython
    from IPython.core.formatters import BaseFormatter
    from traitlets import ObjectName, Unicode

    ip = get_ipython()
    if ip is None:
        return

    def plain(value):
        """A JSON-safe copy: numpy scalars and arrays as Python values, dates as ISO strings, NaN as null."""
        if value is None or isinstance(value, (str, bool, int)):
            return value
        if isinstance(value, float):
            return None if math.isnan(value) or math.isinf(value) else value
        if isinstance(value, dict):
            return {str(k): plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple, set)):
            return [plain(v) for v in value]
        if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
            return value.isoformat()
        if value != value:  # NaN-likes: pandas.NaT, numpy.nan
            return None
        iso = getattr(value, "isoformat", None)  # pandas.Timestamp
        if callable(iso):
            try:
                return iso()
            except ValueError:  # NaT
                return None
        tolist = getattr(value, "tolist", None)  # numpy arrays and scalars
        if callable(tolist):
            return plain(tolist())
        return str(value)

    class _Formatter(BaseFormatter):
        print_method = ObjectName("_repr_sandock_")
        # JSON values, not text: IPython drops (with a warning) anything not of these types.
        _return_type = (dict, list)

    class DataFormatter(_Formatter):
        format_type = Unicode("e2b/data")

    class ChartFormatter(_Formatter):
        """Not registered by type: matplotlib-inline pops Figure from every formatter when it activates."""

        format_type = Unicode("e2b/chart")

        def __call__(self, obj):
            if not self.enabled:
                return None
            if any(c.__name__ == "Figure" and c.__module__ == "matplotlib.figure" for c in type(obj).__mro__):
                return figure_chart(obj)
            return None

    class JsonFormatter(_Formatter):
        format_type = Unicode("application/json")

    def dataframe_data(df):
        try:
            return plain(df.to_dict(orient="list"))
        except Exception:
            return None

    def figure_chart(fig):
        try:
            from sandock_charts import figure_to_chart

            return figure_to_chart(fig)
        except Exception:
            return None

    def json_data(obj):
        try:
            return json.loads(json.dumps(plain(obj), allow_nan=False))
        except Exception:
            return None

    formatters = ip.display_formatter.formatters
    data = DataFormatter(parent=ip.display_formatter)
    data.for_type_by_name("pandas.core.frame", "DataFrame", dataframe_data)
    chart = ChartFormatter(parent=ip.display_formatter)
    js = JsonFormatter(parent=ip.display_formatter)
    js.for_type(list, json_data)
    js.for_type(dict, json_data)
    formatters["e2b/data"] = data
    formatters["e2b/chart"] = chart
    formatters["application/json"] = js

    def patch_pil():
        try:
            from PIL import Image
        except ImportError:
            return
        from IPython.display import display

        original_save = Image.Image.save

        def show(self, *args, **kwargs):
            display(self)

        def save(self, fp, *args, **kwargs):
            result = original_save(self, fp, *args, **kwargs)
            if isinstance(fp, str):
                display(self)
            return result

        Image.Image.show = show
        Image.Image.save = save

    # PIL.Image is small (unlike pandas or matplotlib): patch it now, so a cell that imports PIL
    # and shows an image in one go is covered.
    patch_pil()


_sandock_setup()
del _sandock_setup
