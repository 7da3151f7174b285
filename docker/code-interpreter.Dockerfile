# The `code-interpreter-v1` template: the base template plus Jupyter Server, ipykernel, the
# scientific Python stack, R with IRkernel, a JDK for Java (JShell) and CJK fonts, all from Debian bookworm. The server on
# :49999 is `sandock interpreter`, from the envd bundle (/opt/sandock) the base image carries.
# Built by `sandock serve` (or `sandock templates build-builtin`) from dist/builtins/code-interpreter-v1/:
# this file and docker/code-interpreter/ (IPython start-up hooks and kernel config, the chart
# extractor, matplotlibrc). Start command: /opt/sandock/bin/node /opt/sandock/sandock.mjs interpreter
ARG BASE_TEMPLATE_IMAGE=sandock/base:latest
FROM ${BASE_TEMPLATE_IMAGE}
USER root
# No recommends: Debian's hard dependencies already bring a compiler (scipy → pythran) and gdb
# (ipykernel → debugpy); the recommends would add TeX, R's dev toolchain and more.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      jupyter-server python3-jupyter-server python3-ipykernel python3-matplotlib-inline \
      python3-numpy python3-pandas python3-matplotlib python3-pil python3-scipy python3-seaborn \
      python3-sklearn python3-plotly python3-sympy python3-openpyxl python3-bs4 python3-requests \
      python3-pip python3-venv fonts-noto-cjk r-base-core r-cran-irkernel openjdk-17-jdk-headless \
 && rm -rf /var/lib/apt/lists/* /usr/share/doc/* /usr/share/man/*
COPY python/ /usr/local/lib/python3.11/dist-packages/
# Our python3 kernelspec (ipykernel without its debugger: a faster start) shadows Debian's.
COPY kernels/ /usr/local/share/jupyter/kernels/
COPY matplotlib/matplotlibrc /etc/sandock-interpreter/matplotlibrc
COPY --chown=user:user ipython/ /home/user/.ipython/
ENV MATPLOTLIBRC=/etc/sandock-interpreter/matplotlibrc PYDEVD_DISABLE_FILE_VALIDATION=1
# matplotlib's font cache takes seconds to build: do it once here, not in every sandbox's first plot.
# compat: the SDK's pipInstall runs `pip install` as root, which Debian refuses (PEP 668) unless
# told otherwise; upstream's python:3.13 base has no such guard.
RUN printf '[global]\nbreak-system-packages = true\n' > /etc/pip.conf \
 && su user -c "MATPLOTLIBRC=$MATPLOTLIBRC python3 -c 'import matplotlib.pyplot'" \
 && python3 -m compileall -q /usr/local/lib/python3.11/dist-packages
# Java contexts: our JShell kernel (java/SandockJShell.java) as a jar, and a class-data archive of
# one warm start (JShell's compiler classes), which the kernel's JVMs map instead of loading them.
COPY java/ /opt/sandock-java/src/
RUN cd /opt/sandock-java \
 && javac -nowarn -d classes src/SandockJShell.java \
 && jar cf sandock-jshell.jar -C classes . && rm -rf classes \
 && java --add-opens java.base/java.io=ALL-UNNAMED -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
      -XX:ArchiveClassesAtExit=sandock-jshell.jsa -cp sandock-jshell.jar SandockJShell 3>/dev/null 4</dev/null \
 && test -s sandock-jshell.jsa && chmod 0644 sandock-jshell.jar sandock-jshell.jsa
WORKDIR /home/user
