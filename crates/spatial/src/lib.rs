//! # nav-spatial: spatial indexes for 2-D navigation
#![warn(missing_docs)]
