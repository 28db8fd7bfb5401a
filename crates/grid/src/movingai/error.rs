//! Errors of the Moving AI readers and writers.

/// A Moving AI file that could not be read or written, or is not in the format.
#[derive(Debug, thiserror::Error)]
pub enum MovingAiError {
    /// The file could not be read or written.
    #[error("{file}: {source}")]
    Io {
        /// The file, as given.
        file: String,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// The text is not a valid map or scenario.
    #[error("{file}:{line}: {reason}")]
    Syntax {
        /// The file (or the name given to a parser of text).
        file: String,
        /// The line of the problem, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
}

impl MovingAiError {
    /// The line of a syntax error.
    pub fn line(&self) -> Option<usize> {
        match self {
            MovingAiError::Syntax { line, .. } => Some(*line),
            MovingAiError::Io { .. } => None,
        }
    }
}
