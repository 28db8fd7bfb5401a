//! The server behind `nav serve`: one page (HTML, JavaScript and CSS embedded in the binary)
//! and a JSON API that runs nav's navigators on the worlds the page sends.
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `GET /` | | the page (`/app.js`, `/style.css`: its script and style) |
//! | `GET /api/options` | | the values every menu of the page offers, and the server's limits |
//! | `POST /api/path` | a tile map, rules, agent size, start and goal cells | `nav path --json`'s report plus the expanded cells, the search that ran and the query time |
//! | `POST /api/generate` | kind, size, seed, fill | a generated map, as Moving AI text |
//! | `POST /api/world` | a scene of circles, boxes and polygons, a radius, start and goal points | the exact paths of nav-mesh and nav-tangent and the lattice path of nav-agent |
//!
//! The request bodies are described in [`grid`] and [`world`]. Every refusal is an HTTP 4xx
//! with `{"error": "<one line naming the input>"}`: 400 for input that cannot be used
//! (malformed JSON, a cell outside the map, a number that is not finite, a map larger than
//! [`MAX_CELLS`]), 404 for an unknown path, 405 for a wrong method, 413 for a body over
//! [`MAX_BODY_BYTES`] (refused from its `Content-Length` before it is read). A refused request
//! changes nothing: the server goes on serving.
//!
//! [`handle`] answers one request without any network (the tests call it directly);
//! [`Server`] serves it over HTTP with a few worker threads.
//!
//! ```
//! use nav_cli::serve::handle;
//!
//! let reply = handle("POST", "/api/path", br#"{"map": "type octile\nheight 1\nwidth 3\nmap\n...\n",
//!                                             "start": [0, 0], "goal": [2, 0]}"#);
//! assert_eq!(reply.status, 200);
//! let answer: serde_json::Value = serde_json::from_slice(&reply.body).unwrap();
//! assert_eq!(answer["length"], 2.0);
//!
//! let refused = handle("POST", "/api/path", b"{not json");
//! assert_eq!(refused.status, 400);
//! ```

pub mod grid;
mod request;
pub mod world;

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::JoinHandle;

use serde::Serialize;

pub use request::ApiError;

/// The largest request body the server reads (32 MiB: a Moving AI map of [`MAX_CELLS`] is
/// about 4 MiB of text, its cost multipliers up to a few times more). A longer body is
/// refused with 413.
pub const MAX_BODY_BYTES: usize = 32 << 20;

/// The largest map the server searches or generates, in cells (2048 x 2048: every map of the
/// Moving AI benchmark sets fits). A query on such a map takes about 120 MB (an open map,
/// corner to corner), so that four at once stay within a developer's machine.
pub const MAX_CELLS: u64 = 1 << 22;

/// The most expanded cells an answer lists (the page tints them); `expanded` still counts
/// every one.
pub const MAX_EXPANDED_LISTED: usize = 1 << 18;

/// The most obstacles a scene may hold.
pub const MAX_OBSTACLES: usize = 10_000;

/// How many threads answer requests: a slow client holds one of them, not the server.
const WORKERS: usize = 4;

const PAGE_HTML: &str = include_str!("page.html");
const APP_JS: &str = include_str!("app.js");
const STYLE_CSS: &str = include_str!("style.css");

/// One HTTP answer: status, content type and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A 200 answer with a JSON body.
    pub fn json(value: &impl Serialize) -> Self {
        match serde_json::to_vec(value) {
            Ok(body) => Self {
                status: 200,
                content_type: "application/json",
                body,
            },
            Err(e) => ApiError::new(500, format!("cannot write the answer: {e}")).into(),
        }
    }

    fn asset(content_type: &'static str, text: &str) -> Self {
        Self {
            status: 200,
            content_type,
            body: text.as_bytes().to_vec(),
        }
    }
}

impl From<ApiError> for Reply {
    fn from(error: ApiError) -> Self {
        let body = serde_json::to_vec(&serde_json::json!({ "error": error.message }))
            .unwrap_or_else(|_| b"{\"error\":\"unprintable error\"}".to_vec());
        Self {
            status: error.status,
            content_type: "application/json",
            body,
        }
    }
}

/// Answers one request: `method` and `url` as sent (a query string is ignored), `body` the
/// whole request body. Never panics on any input.
pub fn handle(method: &str, url: &str, body: &[u8]) -> Reply {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let expected = match path {
        "/" | "/index.html" | "/app.js" | "/style.css" | "/favicon.ico" | "/api/options" => "GET",
        "/api/path" | "/api/generate" | "/api/world" => "POST",
        _ => return ApiError::new(404, format!("no page or endpoint at {path}")).into(),
    };
    if method != expected && !(expected == "GET" && method == "HEAD") {
        return ApiError::new(405, format!("{path} takes {expected}, not {method}")).into();
    }
    let answer = match path {
        "/" | "/index.html" => return Reply::asset("text/html; charset=utf-8", PAGE_HTML),
        "/app.js" => return Reply::asset("text/javascript; charset=utf-8", APP_JS),
        "/style.css" => return Reply::asset("text/css; charset=utf-8", STYLE_CSS),
        // No icon: an empty answer rather than a 404 in the browser's console.
        "/favicon.ico" => {
            return Reply {
                status: 204,
                content_type: "image/x-icon",
                body: Vec::new(),
            };
        }
        "/api/options" => return Reply::json(&grid::options()),
        "/api/path" => grid::path(body),
        "/api/generate" => grid::generate(body),
        _ => world::world(body),
    };
    answer.unwrap_or_else(Reply::from)
}

/// `nav serve`'s HTTP server: worker threads answering with [`handle`] until
/// [`stop`](Server::stop) (or the process ends).
pub struct Server {
    http: Arc<tiny_http::Server>,
    addr: SocketAddr,
    workers: Vec<JoinHandle<()>>,
}

impl Server {
    /// Listens on `addr` (port 0: a free port, see [`addr`](Server::addr)) and starts
    /// answering. Any address is accepted here: `nav serve` is the one that keeps to
    /// localhost unless told otherwise.
    pub fn start(addr: SocketAddr) -> std::io::Result<Self> {
        let http = tiny_http::Server::http(addr).map_err(std::io::Error::other)?;
        let addr = http.server_addr().to_ip().unwrap_or(addr);
        let http = Arc::new(http);
        let workers = (0..WORKERS)
            .map(|_| {
                let http = Arc::clone(&http);
                std::thread::spawn(move || {
                    while let Ok(request) = http.recv() {
                        answer(request);
                    }
                })
            })
            .collect();
        Ok(Self {
            http,
            addr,
            workers,
        })
    }

    /// The address it listens on, with the port chosen.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Blocks until the server stops (never, unless a worker ends).
    pub fn wait(mut self) {
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }

    /// Stops answering and waits for the requests under way.
    pub fn stop(mut self) {
        for _ in &self.workers {
            self.http.unblock();
        }
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

/// Reads one request's body (refusing it beyond [`MAX_BODY_BYTES`]) and sends the answer.
fn answer(mut request: tiny_http::Request) {
    let method = request.method().as_str().to_string();
    let url = request.url().to_string();
    let reply = match read_body(&mut request) {
        Ok(body) => handle(&method, &url, &body),
        Err(error) => {
            // tiny_http reads the rest of a refused body when the request is dropped, after
            // answering: another thread waits for it, so that a client announcing 100 MB and
            // sending nothing more holds no worker.
            let reply = Reply::from(error);
            std::thread::spawn(move || {
                let _ = request.respond(tiny_http_response(reply));
            });
            return;
        }
    };
    // Written by hand to say `Connection: close` (tiny_http drops that header from its own
    // responses): the browser then opens a connection per request instead of keeping idle
    // ones, each of which would hold one of tiny_http's connection threads, and tiny_http
    // 0.12 can leave a new connection waiting for a free one.
    let head_only = method == "HEAD";
    let mut writer = request.into_writer();
    // A client that went away needs no answer.
    let _ = write_reply(&mut writer, &reply, head_only);
}

fn tiny_http_response(reply: Reply) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    let content_type =
        tiny_http::Header::from_bytes("Content-Type", reply.content_type).expect("a valid header");
    tiny_http::Response::from_data(reply.body)
        .with_status_code(reply.status)
        .with_header(content_type)
}

/// Writes an HTTP/1.1 answer that closes the connection.
fn write_reply(out: &mut dyn Write, reply: &Reply, head_only: bool) -> std::io::Result<()> {
    let reason = tiny_http::StatusCode(reply.status).default_reason_phrase();
    write!(
        out,
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        reply.status,
        reply.content_type,
        reply.body.len()
    )?;
    if !head_only {
        out.write_all(&reply.body)?;
    }
    out.flush()
}

fn read_body(request: &mut tiny_http::Request) -> Result<Vec<u8>, ApiError> {
    let too_large = |length: String| {
        ApiError::new(
            413,
            format!(
                "the request body of {length} bytes is larger than the server's limit of {MAX_BODY_BYTES} bytes"
            ),
        )
    };
    if let Some(length) = request.body_length() {
        if length > MAX_BODY_BYTES {
            return Err(too_large(length.to_string()));
        }
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY_BYTES as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|e| ApiError::new(400, format!("cannot read the request body: {e}")))?;
    if body.len() > MAX_BODY_BYTES {
        return Err(too_large(format!("more than {MAX_BODY_BYTES}")));
    }
    Ok(body)
}
