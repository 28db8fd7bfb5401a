//! The error every entry point returns internally: a status and a sentence.

use nav_grid::GridError;
use nav_grid::movingai::MovingAiError;

use crate::status::NavStatus;

/// A refused call: the status returned to C and the message [`nav_last_error`](crate::nav_last_error)
/// gives back (the entry point prefixes it with its own name).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FfiError {
    pub status: NavStatus,
    pub message: String,
}

/// What the bodies of entry points return.
pub(crate) type FfiResult<T> = Result<T, FfiError>;

impl FfiError {
    pub fn new(status: NavStatus, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
        }
    }

    pub fn null(argument: &str) -> Self {
        Self::new(
            NavStatus::NavNullPointer,
            format!("argument `{argument}` is NULL"),
        )
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(NavStatus::NavInvalidArgument, message)
    }

    pub fn buffer_too_small(argument: &str, capacity: u64, needed: u64, what: &str) -> Self {
        Self::new(
            NavStatus::NavBufferTooSmall,
            format!(
                "`{argument}` holds {capacity} elements but {needed} are needed for {what}; nothing was written, call again with a capacity of at least {needed}"
            ),
        )
    }
}

impl From<GridError> for FfiError {
    fn from(error: GridError) -> Self {
        let status = match &error {
            GridError::InvalidSize { .. } | GridError::WrongCellCount { .. } => {
                NavStatus::NavInvalidSize
            }
            GridError::CellOutOfRange { .. } | GridError::EndpointOutOfRange { .. } => {
                NavStatus::NavOutOfRange
            }
            GridError::InvalidMoves { .. }
            | GridError::InadmissibleHeuristic { .. }
            | GridError::JumpPointsUnavailable { .. } => NavStatus::NavInvalidRules,
            GridError::InvalidAscii { .. } => NavStatus::NavParseError,
            // Costs (also too large ones), budgets, limits and whatever nav-grid adds later:
            // a value outside its domain.
            _ => NavStatus::NavInvalidArgument,
        };
        Self::new(status, error.to_string())
    }
}

impl From<MovingAiError> for FfiError {
    fn from(error: MovingAiError) -> Self {
        let status = match &error {
            MovingAiError::Io { .. } => NavStatus::NavIoError,
            MovingAiError::Syntax { .. } => NavStatus::NavParseError,
            MovingAiError::InvalidSize { .. } => NavStatus::NavInvalidSize,
            // Whatever nav-grid adds later.
            _ => NavStatus::NavParseError,
        };
        Self::new(status, error.to_string())
    }
}
