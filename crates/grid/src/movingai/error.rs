//! Errors of the Moving AI readers and writers.

/// A Moving AI file that could not be read or written, or is not in the format.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
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
    /// The header asks for a map size that [`GridMap::check_size`](crate::GridMap::check_size)
    /// refuses (a side of 0, or too many cells): nothing was allocated for it.
    #[error("{file}:{line}: {source}")]
    InvalidSize {
        /// The file (or the name given to a parser of text).
        file: String,
        /// The line that ends the header, from 1.
        line: usize,
        /// The refusal ([`GridError::InvalidSize`](crate::GridError::InvalidSize)).
        #[source]
        source: crate::GridError,
    },
}

impl MovingAiError {
    /// The line of a syntax error or of a refused size.
    pub fn line(&self) -> Option<usize> {
        match self {
            MovingAiError::Syntax { line, .. } | MovingAiError::InvalidSize { line, .. } => {
                Some(*line)
            }
            MovingAiError::Io { .. } => None,
        }
    }
}
