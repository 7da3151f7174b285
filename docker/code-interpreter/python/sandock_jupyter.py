"""Jupyter Server extension of the code-interpreter template: kernel WebSockets without Nagle.

Tornado leaves Nagle's algorithm on for WebSockets, so the several small frames of one cell
(status, execute_input, result, idle, reply) wait for the client's delayed ACK: ~40 ms on every
cell. TCP_NODELAY on the kernel channels socket sends each frame at once.
"""


def _jupyter_server_extension_points():
    return [{"module": "sandock_jupyter"}]


def _load_jupyter_server_extension(serverapp):
    from jupyter_server.services.kernels.handlers import ZMQChannelsHandler

    original_open = ZMQChannelsHandler.open

    def open(self, *args, **kwargs):
        self.set_nodelay(True)
        return original_open(self, *args, **kwargs)

    ZMQChannelsHandler.open = open
