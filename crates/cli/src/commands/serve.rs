//! `nav serve`: an interactive page in the browser, served by the `nav` binary.
//!
//! ```text
//! nav serve [--port 8080] [--bind 127.0.0.1] [--open]
//! ```
//!
//! It serves one page (embedded in the binary: no build step, no network) where tile maps are
//! painted, generated or loaded and searched under two rule sets side by side, and continuous
//! worlds of circles, boxes and polygons are dragged about while the exact paths of nav-mesh and
//! nav-tangent and the lattice path of nav-agent are redrawn. The page talks to the JSON API of
//! [`crate::serve`]. It listens on localhost only unless `--bind` names another address;
//! `--port 0` takes a free port. The first line printed is
//! `nav serve: listening on http://ADDR:PORT/`. It runs until stopped (Ctrl+C).

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use crate::CommandStatus;
use crate::error::CliError;
use crate::serve::Server;

/// Options of `nav serve`.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. The default serves this machine only; another address (such
    /// as 0.0.0.0) lets other machines use the page and its API.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}

/// Starts the server and serves until the process is stopped.
pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<CommandStatus, CliError> {
    let server = Server::start(SocketAddr::new(args.bind, args.port))
        .map_err(|e| CliError::io(format_args!("--bind {} --port {}", args.bind, args.port), e))?;
    let url = format!("http://{}/", server.addr());
    writeln!(out, "nav serve: listening on {url} (Ctrl+C to stop)").map_err(CliError::stdout)?;
    if !args.bind.is_loopback() {
        writeln!(
            out,
            "nav serve: --bind {} lets other machines reach this server",
            args.bind
        )
        .map_err(CliError::stdout)?;
    }
    out.flush().map_err(CliError::stdout)?;
    if args.open {
        if let Err(e) = open_browser(&url) {
            writeln!(out, "nav serve: could not open a browser ({e}); open {url}")
                .map_err(CliError::stdout)?;
            out.flush().map_err(CliError::stdout)?;
        }
    }
    server.wait();
    Ok(CommandStatus::Success)
}

/// Opens `url` with the system's opener.
fn open_browser(url: &str) -> std::io::Result<()> {
    let mut command = if cfg!(target_os = "windows") {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else {
        std::process::Command::new("xdg-open")
    };
    command.arg(url).spawn().map(|_| ())
}
