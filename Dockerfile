# The base is pinned to Python's minor version, its patch release and the Debian release:
# a rebuild months later gets the same interpreter. Bump it (and rebuild) for a security
# release of Python 3.11.
FROM python:3.11.13-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    MPLCONFIGDIR=/tmp/matplotlib \
    DATABASE_URL=sqlite:////data/antares.db \
    HEARTBEAT_FILE=/tmp/antares-heartbeat

WORKDIR /app
# Dependencies from the lock file, each checked against its hash (docs/admin.md, "Dependencies"),
# in a layer of their own that a change of the bot's code does not rebuild.
COPY requirements.lock .
RUN pip install --require-hashes --only-binary=:all: -r requirements.lock
# The bot itself, once: it runs from /app (`python bot.py` finds its packages beside it), not
# installed a second time into site-packages. Compiled here, since the bot's user cannot
# write /app: a start reads the bytecode instead of compiling every module again.
COPY . .
RUN python -m compileall -q -j 0 . \
    && useradd --create-home --uid 1000 antares \
    && mkdir -p /data && chown antares:antares /data && chmod 700 /data

USER antares
VOLUME ["/data"]

# Healthy while the running bot is connected to Discord: it writes a heartbeat every 30 s
# (HEARTBEAT_FILE), and `health.py` fails once the last one is older than HEARTBEAT_MAX_AGE.
HEALTHCHECK --interval=30s --timeout=10s --start-period=90s --retries=3 \
    CMD ["python", "health.py"]
# bot.py sets umask 077: the database, its journal and the heartbeat are the bot's only.
CMD ["python", "bot.py"]
