# Twenty-Four: the Telegram bot.  Build: docker build -t twenty-four .
# Run:   docker run -e TELEGRAM_BOT_TOKEN=... -v twentyfour-data:/data twenty-four
# With the Mini App: add -e TWENTYFOUR_WEBAPP_URL=https://... -p 8080:8080 (docs/miniapp.md).

# The solver's compiled parts (solver/_core.c, and solver/_countdown.c for Countdown's rules)
# need a C compiler, which the image need not carry: a wheel is built here, and only it goes
# into the image.  (Without a compiler the install would still succeed, with the pure Python
# solver.)
FROM python:3.11-slim AS build
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml README.md ./
COPY solver ./solver
COPY bot ./bot
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TWENTYFOUR_DATA_DIR=/data \
    TWENTYFOUR_WEB_LISTEN=0.0.0.0

# Fonts for the profile card's names in other scripts (Chinese: Noto Sans CJK; Persian,
# Greek, Cyrillic: DejaVu Sans), and FriBiDi, which Pillow's wheel loads to join and order
# right-to-left letters (without it a Persian name is shown by the handle): docs/operating.md.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-noto-cjk libfribidi0 \
    && rm -rf /var/lib/apt/lists/*

# /backups: for TWENTYFOUR_BACKUP_DIR=/backups (a volume mounted there takes its owner).
RUN useradd --create-home --uid 10001 twentyfour \
    && mkdir /data /backups \
    && chown twentyfour /data /backups

WORKDIR /app
COPY --from=build /wheels /wheels
RUN pip install /wheels/*.whl && rm -rf /wheels

USER 10001
VOLUME ["/data"]
# The web port: with long polling 8080 (TWENTYFOUR_WEB_PORT), always: the health checks and
# /metrics, and the Mini App when TWENTYFOUR_WEBAPP_URL is set; with a webhook 8443
# (TELEGRAM_WEBHOOK_PORT) serves all of them.  Publish one only for the internet's use.
EXPOSE 8443 8080
# The bot's own check (no curl in a slim image): /healthz and /readyz on its web port
# (docs/operating.md), exit 0 while both answer 200.  The start period covers the workers'
# start and a slow Bot API at start-up.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot"]
