# A front-end app as a static site: docker build -f scripts/remote.Dockerfile --build-arg APP=mfe-pos .
FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /app
ENV KASSA_SKIP_FERRETDB_BUILD=1
COPY . .
RUN npm ci --no-audit --no-fund --ignore-scripts && npm run build -w ${APP}

FROM nginx:1.27-alpine
ARG APP
ARG NGINX_CONF=remote.nginx.conf
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
COPY scripts/${NGINX_CONF} /etc/nginx/conf.d/default.conf
