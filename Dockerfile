# Twenty-Four: the Telegram bot.  Build: docker build -t twenty-four .
# Run:   docker run -e TELEGRAM_BOT_TOKEN=... -v twentyfour-data:/data twenty-four
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TWENTYFOUR_DATA_DIR=/data

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
CMD ["python", "-m", "bot"]
