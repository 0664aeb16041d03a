vcl 4.1;

# The shared HTTP cache in front of the API for public traffic (docs/architecture.md "Shared HTTP cache").
# The API decides what may be kept: an answer is cached only when it is public and names its surrogate
# keys (Surrogate-Key), for its s-maxage (pages, reads, feeds) or max-age (bundles, media); every
# committed change purges its keys through
# the purge listener below (HTTP_CACHE_PURGE_URLS). Listeners: `http` for readers, `purge` for the
# API's purges only (varnishd -a http=:6081 -a purge=:6091).

import directors;
import std;
import xkey;

# The API's health: while it fails, answers are served stale for up to their stale-if-error. Forgiving
# on purpose: an API busy with a spike answers its health check slowly but still serves, and a backend
# marked sick turns every uncached page into a 503; a stopped API is seen within about 6 s.
probe api_health {
    .url = "/api/health";
    .interval = 2s;
    .timeout = 2s;
    .window = 5;
    .threshold = 3;
}

# One backend per address of the API (each compose replica has its own; a Kubernetes Service has its
# cluster IP), in the director `api`, written by start.sh when Varnish starts.
include "backends.vcl";

# Where the API runs: loopback and the private networks of compose and Kubernetes pods. Readers never
# reach the purge listener (it is not published, and the ingress routes to the http listener only).
acl api_network {
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
    "fc00::"/7;
}

sub vcl_recv {
    set req.backend_hint = api.backend();
    if (local.socket == "purge") {
        if (req.method != "PURGE" || client.ip !~ api_network) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "Name the keys to purge in xkey-purge"));
        }
        # Hard purge: the next reader gets the change, never the old copy while it is refetched.
        set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.x-purged));
    }
    if (req.method == "PURGE") {
        return (synth(405, "Method Not Allowed"));
    }

    # One spelling per page: `//api/admin` is `/api/admin` to the API, so it is here too.
    set req.url = regsuball(req.url, "/{2,}(?=[^?]*(\?|$))", "/");

    # URL overrides no part of this site reads: never passed on, whatever the request.
    unset req.http.X-Original-URL;
    unset req.http.X-Rewrite-URL;

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The admin app and its API: every answer is someone's own.
    if (req.url ~ "^/api/admin(/|\?|$)" || req.url ~ "^/admin(/|\?|$)" || req.url ~ "^/api/health") {
        return (pass);
    }

    # Analytics cookies are the browser's business (the API never reads them); any other cookie (an
    # admin's session) or credentials mean the request passes straight through.
    if (req.http.Cookie) {
        set req.http.Cookie = regsuball("; " + req.http.Cookie, ";\s*(_ga[^=]*|_gid|_gat[^=]*|_gcl_[^=]*)=[^;]*", "");
        set req.http.Cookie = regsub(req.http.Cookie, "^[;\s]+", "");
        if (req.http.Cookie == "") {
            unset req.http.Cookie;
        }
    }
    if (req.http.Cookie || req.http.Authorization) {
        return (pass);
    }

    # A page showing the outcome of a reader's form is that reader's alone.
    if (req.url ~ "[?&]posted=") {
        return (pass);
    }

    # Tracking parameters do not make another page; the rest are sorted, so one page is one object.
    set req.url = regsuball(req.url, "(?i)(?<=[?&])(utm_[a-z0-9_]*|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|ref_src)(=[^&]*)?(&|$)", "");
    set req.url = regsub(req.url, "[?&]+$", "");
    set req.url = std.querysort(req.url);

    # Only the forms the API makes: gzip (Varnish keeps it and unzips for clients without it) or none.
    if (req.http.Accept-Encoding ~ "(?i)gzip(?!\s*;\s*q=0(\.0*)?\s*(,|$))") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }
    # A page's address also answers its ActivityPub object (pages say Vary: Accept): Accept is cut to
    # the one distinction the API makes, so one page has at most two kept answers.
    if (req.http.Accept ~ "(?i)application/activity\+json" || (req.http.Accept ~ "(?i)application/ld\+json" && req.http.Accept ~ "(?i)activitystreams")) {
        set req.http.Accept = "application/activity+json";
    } else {
        unset req.http.Accept;
    }
    # No public answer depends on these: they are dropped rather than trusted, so none can change
    # what is kept for everyone.
    unset req.http.Accept-Language;
    unset req.http.X-Forwarded-Host;
    unset req.http.X-Forwarded-Proto;
    unset req.http.Forwarded;

    # Stale-while-revalidate: a just-expired answer is sent at once while it is fetched again. While
    # the API is down, every answer is served for as long as its stale-if-error allows (beresp.grace).
    if (std.healthy(req.backend_hint)) {
        set req.grace = 30s;
    }
    return (hash);
}

sub vcl_hash {
    # The URL alone: no answer depends on the Host a request names (the API writes PUBLIC_URL).
    hash_data(req.url);
    return (lookup);
}

sub vcl_backend_response {
    # What is kept: public 200 answers that name their keys. Nothing else, ever: no error page, nothing
    # personal, nothing that sets a cookie.
    if (beresp.status != 200 || !beresp.http.Surrogate-Key || beresp.http.Cache-Control !~ "^public(,|$)" || beresp.http.Set-Cookie) {
        # A failed refetch leaves the stale copy in place.
        if (beresp.status >= 500 && bereq.is_bgfetch) {
            return (abandon);
        }
        set beresp.ttl = 10s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    set beresp.http.xkey = beresp.http.Surrogate-Key;
    if (beresp.http.Surrogate-Control ~ "stale-if-error=\d+") {
        set beresp.grace = std.duration(regsub(beresp.http.Surrogate-Control, "^.*stale-if-error=(\d+).*$", "\1s"), 30s);
    }
    return (deliver);
}

sub vcl_backend_error {
    # The API is unreachable during a refetch: keep serving the stale copy.
    if (bereq.is_bgfetch) {
        return (abandon);
    }
}

sub vcl_deliver {
    # Keys and the shared lifetime are the caches' business; browsers revalidate every time.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Surrogate-Control;
    if (resp.http.Cache-Control) {
        set resp.http.Cache-Control = regsuball(resp.http.Cache-Control, ",\s*s-maxage=\d+", "");
    }
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
