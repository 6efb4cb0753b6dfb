//! A small WebDriver client for the browser tests: it starts the system's chromedriver on a
//! free local port, opens a headless Chromium session, and speaks the W3C WebDriver protocol
//! (HTTP and JSON) over a plain TCP stream. Everything stays on 127.0.0.1; the driver and the
//! browser end when the session is dropped.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The key WebDriver gives an element reference under.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Keys as WebDriver writes them.
pub(crate) const ARROW_LEFT: &str = "\u{e012}";
pub(crate) const ARROW_RIGHT: &str = "\u{e014}";
pub(crate) const HOME: &str = "\u{e011}";
pub(crate) const END: &str = "\u{e010}";

/// The first of `names` found on the `PATH`.
fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Chromium and its driver, or why they cannot be had.
pub(crate) fn programs() -> Result<(PathBuf, PathBuf), String> {
    let browser = find_program(&["chromium", "chromium-browser", "google-chrome"]).ok_or(
        "chromium (not on the PATH; as root `apt-get install chromium chromium-driver`, \
         which .ci/run does)",
    )?;
    let driver = find_program(&["chromedriver"]).ok_or(
        "chromedriver (not on the PATH; as root `apt-get install chromium-driver`, which \
         .ci/run does)",
    )?;
    Ok((browser, driver))
}

/// A running chromedriver with one browser session.
pub(crate) struct Session {
    driver: Child,
    port: u16,
    id: String,
    profile: PathBuf,
}

impl Session {
    /// Starts the driver and a headless browser whose window is `width` x `height` CSS
    /// pixels at a device scale of 1, with a fresh profile folder.
    pub(crate) fn start(
        browser: &Path,
        driver: &Path,
        width: u32,
        height: u32,
    ) -> Result<Session, String> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .map_err(|err| format!("no free local port: {err}"))?
            .port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|err| format!("cannot start {}: {err}", driver.display()))?;
        let profile = std::env::temp_dir().join(format!(
            "sudoku-render-chromium-{}-{port}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&profile);
        let mut session = Session {
            driver: child,
            port,
            id: String::new(),
            profile,
        };
        let started = Instant::now();
        while session.request("GET", "/status", None).is_err() {
            if started.elapsed() > Duration::from_secs(20) {
                return Err("chromedriver did not answer within 20 s".to_string());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let args = [
            "--headless".to_string(),
            "--no-sandbox".to_string(),
            "--disable-gpu".to_string(),
            "--no-first-run".to_string(),
            "--disable-background-networking".to_string(),
            "--disable-component-update".to_string(),
            "--disable-sync".to_string(),
            "--hide-scrollbars".to_string(),
            "--force-device-scale-factor=1".to_string(),
            format!("--window-size={width},{height}"),
            format!("--user-data-dir={}", session.profile.display()),
        ];
        let capabilities = json!({
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": {
                        "binary": browser.display().to_string(),
                        "args": args,
                    }
                }
            }
        });
        let answer = session.request("POST", "/session", Some(&capabilities))?;
        session.id = answer["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session id in {answer}"))?
            .to_string();
        Ok(session)
    }

    /// Opens a local file.
    pub(crate) fn open(&mut self, path: &Path) -> Result<(), String> {
        let path = path
            .canonicalize()
            .map_err(|err| format!("{}: {err}", path.display()))?;
        self.open_url(&format!("file://{}", path.display()))
    }

    /// Opens `url`.
    pub(crate) fn open_url(&mut self, url: &str) -> Result<(), String> {
        self.command("POST", "url", json!({ "url": url }))?;
        Ok(())
    }

    /// The first element matching a CSS selector.
    pub(crate) fn find(&mut self, selector: &str) -> Result<String, String> {
        let found = self.command(
            "POST",
            "element",
            json!({ "using": "css selector", "value": selector }),
        )?;
        found[ELEMENT]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("no element `{selector}`: {found}"))
    }

    /// Clicks the element matching `selector`.
    pub(crate) fn click(&mut self, selector: &str) -> Result<(), String> {
        let element = self.find(selector)?;
        self.command("POST", &format!("element/{element}/click"), json!({}))?;
        Ok(())
    }

    /// Presses and releases `key` (one of the key constants).
    pub(crate) fn press(&mut self, key: &str) -> Result<(), String> {
        let actions = json!({ "actions": [{
            "type": "key",
            "id": "keyboard",
            "actions": [ { "type": "keyDown", "value": key }, { "type": "keyUp", "value": key } ]
        }]});
        self.command("POST", "actions", actions)?;
        Ok(())
    }

    /// Runs `script` (a function body) in the page and returns its value.
    pub(crate) fn run(&mut self, script: &str) -> Result<Value, String> {
        self.command(
            "POST",
            "execute/sync",
            json!({ "script": script, "args": [] }),
        )
    }

    /// A PNG screenshot of the element matching `selector`.
    pub(crate) fn screenshot(&mut self, selector: &str) -> Result<Vec<u8>, String> {
        let element = self.find(selector)?;
        let shot = self.command("GET", &format!("element/{element}/screenshot"), Value::Null)?;
        let text = shot
            .as_str()
            .ok_or_else(|| format!("no screenshot: {shot}"))?;
        base64_decode(text)
    }

    /// A command of this session: `METHOD /session/{id}/{path}`, its `value`.
    fn command(&mut self, method: &str, path: &str, body: Value) -> Result<Value, String> {
        let path = format!("/session/{}/{path}", self.id);
        let body = (!body.is_null()).then_some(body);
        self.request(method, &path, body.as_ref())
    }

    /// One HTTP request to the driver; the `value` of its JSON answer, or its error.
    fn request(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port))
            .map_err(|err| format!("cannot reach chromedriver: {err}"))?;
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .map_err(|err| err.to_string())?;
        let body = body.map(Value::to_string).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: \
             application/json; charset=utf-8\r\nContent-Length: {len}\r\nConnection: \
             close\r\n\r\n{body}",
            port = self.port,
            len = body.len()
        );
        stream
            .write_all(request.as_bytes())
            .map_err(|err| format!("writing to chromedriver: {err}"))?;
        let (_, payload) = read_answer(&mut stream)?;
        let json: Value = serde_json::from_slice(&payload)
            .map_err(|err| format!("chromedriver answered {method} {path} with no JSON: {err}"))?;
        let value = json["value"].clone();
        if let Some(error) = value.get("error") {
            return Err(format!(
                "{method} {path}: {error}: {}",
                value["message"].as_str().unwrap_or("")
            ));
        }
        Ok(value)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if !self.id.is_empty() {
            let path = format!("/session/{}", self.id);
            let _ = self.request("DELETE", &path, None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Reads one HTTP answer: its head (lowercase) and its body, by its length or its chunks
/// (the driver may keep the connection open, so reading to the end would wait).
fn read_answer(stream: &mut TcpStream) -> Result<(String, Vec<u8>), String> {
    let mut data = Vec::new();
    let mut buffer = [0u8; 64 * 1024];
    let mut fill = |data: &mut Vec<u8>| -> Result<bool, String> {
        let read = stream
            .read(&mut buffer)
            .map_err(|err| format!("reading from chromedriver: {err}"))?;
        data.extend_from_slice(&buffer[..read]);
        Ok(read > 0)
    };
    let split = loop {
        if let Some(at) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        if !fill(&mut data)? {
            return Err("chromedriver closed the connection mid-answer".to_string());
        }
    };
    let head = String::from_utf8_lossy(&data[..split]).to_lowercase();
    let length = head.lines().find_map(|line| {
        line.strip_prefix("content-length:")
            .and_then(|v| v.trim().parse::<usize>().ok())
    });
    let chunked = head.contains("transfer-encoding: chunked");
    loop {
        let body = &data[split + 4..];
        let complete = match length {
            Some(length) => body.len() >= length,
            None if chunked => body.ends_with(b"0\r\n\r\n"),
            None => false,
        };
        if complete {
            break;
        }
        if !fill(&mut data)? {
            break;
        }
    }
    let body = data[split + 4..].to_vec();
    let body = if chunked { unchunk(&body)? } else { body };
    Ok((head, body))
}

/// The body of a chunked HTTP answer.
fn unchunk(mut data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let line_end = data
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("a bad chunk")?;
        let size_text = String::from_utf8_lossy(&data[..line_end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|err| format!("a bad chunk size: {err}"))?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Ok(out);
        }
        out.extend_from_slice(data.get(..size).ok_or("a short chunk")?);
        data = data.get(size + 2..).ok_or("a short chunk")?;
    }
}

/// Decodes standard base64 (padding and line breaks allowed).
fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut buffer = 0u32;
    let mut bits = 0;
    for byte in text.bytes() {
        let value = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' | b'\n' | b'\r' => continue,
            other => return Err(format!("byte {other} in base64")),
        };
        buffer = (buffer << 6) | u32::from(value);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    Ok(out)
}
