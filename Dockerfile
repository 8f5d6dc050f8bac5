# astar in a container, for pipelines that run tools as images:
#   docker build -t astar .
#   docker run --rm -v "$PWD":/w -w /w astar --check levels/*.check.json
# The packages are the build part of `make deps` (tests/suite-tools.sh
# checks that each is one make deps installs).
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends build-essential pkg-config libjansson-dev libpng-dev libexpat1-dev zlib1g-dev libzstd-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /usr/src/astar
COPY . .
RUN make -j"$(nproc)" && make install && make clean
WORKDIR /w
ENTRYPOINT ["astar"]
