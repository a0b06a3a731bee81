FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 MPLCONFIGDIR=/tmp/matplotlib \
    DATABASE_URL=sqlite:////data/antares.db

WORKDIR /app
COPY . .
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 1000 antares \
    && mkdir -p /data && chown antares:antares /data

USER antares
VOLUME ["/data"]

HEALTHCHECK --interval=5m --timeout=30s --start-period=20s CMD ["python", "bot.py", "--check"]
CMD ["python", "bot.py"]
