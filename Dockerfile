# WordFit's container image: `docker build -t registry.example.com/wordfit:0.1.0 .`
# (the image docs/kubernetes-indexed-job.yaml runs). Two stages:
#   build  the Swift toolchain image builds the release tarball with scripts/package.sh
#          (the Swift runtime linked in);
#   run    debian:12-slim with only the runtime libraries and the Noto fonts, and WordFit
#          installed by scripts/install.sh from that tarball: the same steps
#          scripts/release-test.sh runs on every CI run.
FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY . .
RUN bash scripts/package.sh

FROM debian:12-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libfreetype6 libharfbuzz0b libfribidi0 libfontconfig1 libpng16-16 libdeflate0 libicu72 libqrencode4 libcairo2 libarchive13 libhyphen0 libqpdf29 libcups2 libstdc++6 \
      fontconfig fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji glabels-data \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/dist/ /tmp/dist/
COPY scripts/install.sh /tmp/install.sh
RUN bash /tmp/install.sh --from "$(ls /tmp/dist/wordfit-*.tar.gz)" /usr/local \
 && rm -rf /tmp/dist /tmp/install.sh \
 && wordfit --version
USER 65534:65534
WORKDIR /work
ENTRYPOINT ["wordfit"]
CMD ["--help"]
