# Twenty-Four: the Telegram bot.  Build: docker build -t twenty-four .
# Run:   docker run -e TELEGRAM_BOT_TOKEN=... -v twentyfour-data:/data twenty-four
# With the Mini App: add -e TWENTYFOUR_WEBAPP_URL=https://... -p 8080:8080 (docs/miniapp.md).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TWENTYFOUR_DATA_DIR=/data \
    TWENTYFOUR_WEB_LISTEN=0.0.0.0

RUN useradd --create-home --uid 10001 twentyfour \
    && mkdir /data \
    && chown twentyfour /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY solver ./solver
COPY bot ./bot
RUN pip install .

USER 10001
VOLUME ["/data"]
# Only what is set up listens: a webhook on 8443 (TELEGRAM_WEBHOOK_PORT, the Mini App with
# it), the Mini App alone, with long polling, on 8080 (TWENTYFOUR_WEB_PORT).  Polling needs none.
EXPOSE 8443 8080
CMD ["python", "-m", "bot"]
