# The `desktop` template for @e2b/desktop: the base template plus Xvfb, XFCE, xdotool, scrot,
# x11vnc and noVNC/websockify, a browser (Firefox ESR) and a terminal, Debian bookworm packages
# only. Nothing starts here: the SDK starts Xvfb, XFCE, x11vnc and noVNC itself through envd,
# as the default user `user`. Built by `sandock serve` (or `sandock templates build-builtin`) from
# dist/builtins/desktop/: this file and docker/desktop/.
ARG BASE_TEMPLATE_IMAGE=sandock/base:latest
FROM ${BASE_TEMPLATE_IMAGE}
# --no-install-recommends keeps out xorg, systemd, upower, tumbler and friends; the session runs
# without them (no logind or systemd in a container). What the SDK calls, and from where:
#   Xvfb: xvfb; xdpyinfo: x11-utils; xrandr: x11-xserver-utils; startxfce4, xfce4-session, xfwm4,
#   xfdesktop: xfce4; dbus-launch: dbus-x11; xdotool; scrot; x11vnc; /opt/noVNC/utils/novnc_proxy
#   and its web files: novnc (1.3.0) with websockify (0.10.0); netstat: net-tools; gtk-launch:
#   libgtk-3-bin; xdg-open: xdg-utils; pgrep/pkill: procps.
# Docs, man pages and translations of these packages are left out while they install (~150 MB;
# the copyright files stay); apt works as usual afterwards.
RUN printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' \
      'path-exclude /usr/share/man/*' 'path-exclude /usr/share/locale/*' > /etc/dpkg/dpkg.cfg.d/sandock-desktop-build \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      xvfb x11-utils x11-xserver-utils \
      xfce4 xfce4-terminal dbus-x11 \
      xdotool scrot x11vnc novnc websockify net-tools \
      libgtk-3-bin xdg-utils procps firefox-esr \
 && rm -rf /var/lib/apt/lists/* /etc/dpkg/dpkg.cfg.d/sandock-desktop-build \
 && mkdir -m 1777 /tmp/.ICE-unix
# The session manager's ICE socket lives in /tmp/.ICE-unix, which only root may create (above).
# The SDK runs `cd /opt/noVNC/utils && ./novnc_proxy … --web /opt/noVNC`; `/` shows the viewer, as
# in E2B's template (websockify would list the folder).
RUN ln -s /usr/share/novnc /opt/noVNC && ln -s vnc.html /usr/share/novnc/index.html
COPY firefox-esr.js /etc/firefox-esr/sandock-desktop.js
# NO_AT_BRIDGE: no accessibility bus here, so GTK apps skip looking for one (and warning about it).
ENV LANG=C.UTF-8 NO_AT_BRIDGE=1
# envd came with the base template: the template builder must not copy it in again.
LABEL sandock.envd=1
