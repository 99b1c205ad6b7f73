# A small non-root image; the rules and card data live on the /data volume.
#   docker build -t rulesbot .
#   docker run -e DISCORD_TOKEN=... -v rulesbot-data:/data rulesbot
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
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
ENTRYPOINT ["rulesbot"]
