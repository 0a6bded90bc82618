//! Files of the disk caches (pipelines, autotune choices, CUDA modules): each is a header
//! (magic, payload length, FNV-1a of the payload) and the payload. A file is read only when it
//! is a regular file no larger than its cache allows and its header verifies, so a FIFO, a
//! device, a truncated or corrupted file reads as a miss: the caller recompiles and
//! [`write`] replaces it (through a temporary file, so readers never see half of one).

use std::io::Read;
use std::path::Path;

const MAGIC: &[u8; 8] = b"FORGEC01";
const HEADER: usize = 24;

/// The payload of the cache file at `path`, or `None` when it is missing, not a regular file,
/// over `max_bytes`, or fails its check.
pub fn read(path: &Path, max_bytes: u64) -> Option<Vec<u8>> {
    // `metadata` follows symbolic links: a link to `/dev/zero` is a device, not a file, and a
    // FIFO is refused before opening it (opening one blocks until a writer comes).
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > max_bytes.saturating_add(HEADER as u64) {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    // The file may have been swapped between the two looks: check the one opened.
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut bytes = Vec::new();
    file.take(max_bytes.saturating_add(HEADER as u64 + 1)).read_to_end(&mut bytes).ok()?;
    let (header, payload) = bytes.split_at_checked(HEADER)?;
    let len = u64::from_le_bytes(header[8..16].try_into().ok()?);
    let sum = u64::from_le_bytes(header[16..24].try_into().ok()?);
    let valid = &header[..8] == MAGIC
        && len == payload.len() as u64
        && len <= max_bytes
        && sum == crate::hash::fnv1a64(payload);
    valid.then(|| payload.to_vec())
}

/// Writes `payload` to `path` with its header, through a temporary file renamed over it.
/// Failing to write only costs the next process a compile, so errors are dropped.
pub fn write(path: &Path, payload: &[u8]) {
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = path.with_extension(format!("tmp{}-{n}", std::process::id()));
    let mut bytes = Vec::with_capacity(HEADER + payload.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&crate::hash::fnv1a64(payload).to_le_bytes());
    bytes.extend_from_slice(payload);
    // Renaming over a FIFO, a link or a device replaces the entry, not what it points to.
    if std::fs::write(&tmp, &bytes).is_err() || std::fs::rename(&tmp, path).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("forge-cache-file-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("entry.bin")
    }

    #[test]
    fn written_files_read_back_and_bad_ones_are_misses() {
        let path = scratch("round");
        assert_eq!(read(&path, 1 << 20), None);
        write(&path, b"compiled code");
        assert_eq!(read(&path, 1 << 20).as_deref(), Some(&b"compiled code"[..]));
        assert_eq!(read(&path, 4), None, "over the cache's size bound");
        // Truncated: a miss, then replaced by the next write.
        let whole = std::fs::read(&path).unwrap();
        std::fs::write(&path, &whole[..whole.len() - 3]).unwrap();
        assert_eq!(read(&path, 1 << 20), None);
        // Same length, one byte changed.
        let mut flipped = whole.clone();
        *flipped.last_mut().unwrap() ^= 1;
        std::fs::write(&path, &flipped).unwrap();
        assert_eq!(read(&path, 1 << 20), None);
        // A file of an older format (no header).
        std::fs::write(&path, b"64 1 0\n").unwrap();
        assert_eq!(read(&path, 1 << 20), None);
        write(&path, b"recompiled");
        assert_eq!(read(&path, 1 << 20).as_deref(), Some(&b"recompiled"[..]));
    }

    /// A FIFO must not block the reader; a link to `/dev/zero` must not read without end.
    #[cfg(unix)]
    #[test]
    fn fifos_and_devices_are_misses() {
        let path = scratch("fifo");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
        assert_eq!(read(&path, 1 << 20), None);
        write(&path, b"replaced");
        assert_eq!(read(&path, 1 << 20).as_deref(), Some(&b"replaced"[..]));
        let path = scratch("zero");
        std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
        assert_eq!(read(&path, 1 << 20), None);
        write(&path, b"replaced");
        assert_eq!(read(&path, 1 << 20).as_deref(), Some(&b"replaced"[..]));
    }
}
