# A small non-root image (uid 10001); the rules and card data and the games live on /data.
#   docker build -t rulesbot .
#   docker run --rm -v rulesbot-data:/data rulesbot sync
#   docker run -d -e DISCORD_TOKEN=... -v rulesbot-data:/data rulesbot
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY rules_data ./rules_data
RUN python -m venv /opt/rulesbot \
 && /opt/rulesbot/bin/pip install --no-cache-dir .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 rulesbot \
 && mkdir /data && chown rulesbot:rulesbot /data
COPY --from=build /opt/rulesbot /opt/rulesbot
ENV PATH=/opt/rulesbot/bin:$PATH \
    RULESBOT_DATA_DIR=/data \
    RULESBOT_DB=/data/games.sqlite \
    PYTHONUNBUFFERED=1
USER rulesbot
VOLUME ["/data"]
# Healthy while the bot is connected to Discord: it rewrites /data/heartbeat every 30 s.
HEALTHCHECK --interval=60s --timeout=10s --start-period=120s --retries=3 \
    CMD ["rulesbot", "health"]
ENTRYPOINT ["rulesbot"]
