//! Checks of the raw arguments C hands over: pointers, buffers, numbers, flags.

use std::mem::MaybeUninit;

use crate::error::{FfiError, FfiResult};
use crate::status::NavStatus;

/// A non-NULL, aligned pointer to one value the callee writes.
pub(crate) struct OutPtr<T> {
    ptr: *mut T,
}

impl<T> OutPtr<T> {
    /// Checks `ptr` (named `argument` in errors).
    pub fn new(ptr: *mut T, argument: &str) -> FfiResult<Self> {
        if ptr.is_null() {
            return Err(FfiError::null(argument));
        }
        if !ptr.is_aligned() {
            return Err(misaligned(argument, align_of::<T>()));
        }
        Ok(Self { ptr })
    }

    /// Writes the value.
    ///
    /// # Safety
    /// The pointer given to [`new`](OutPtr::new) must be valid for a write of `T`.
    pub unsafe fn write(&self, value: T) {
        // SAFETY: non-null and aligned (checked), valid (the caller's contract).
        unsafe { self.ptr.write(value) }
    }
}

/// Checks `ptr` and writes `value` through it.
///
/// # Safety
/// `ptr` must be NULL or valid for a write of `T`.
pub(crate) unsafe fn write_out<T>(ptr: *mut T, argument: &str, value: T) -> FfiResult<()> {
    let out = OutPtr::new(ptr, argument)?;
    // SAFETY: the caller's contract.
    unsafe { out.write(value) };
    Ok(())
}

/// Reads an optional input struct: `None` for NULL.
///
/// # Safety
/// `ptr` must be NULL or point to a readable, initialised `T`.
pub(crate) unsafe fn read_optional<T: Copy>(ptr: *const T, argument: &str) -> FfiResult<Option<T>> {
    if ptr.is_null() {
        return Ok(None);
    }
    if !ptr.is_aligned() {
        return Err(misaligned(argument, align_of::<T>()));
    }
    // SAFETY: non-null, aligned, readable (the caller's contract).
    Ok(Some(unsafe { ptr.read() }))
}

/// The input array `ptr[0..len]`; NULL is accepted when `len` is 0.
///
/// # Safety
/// `ptr` must be NULL or point to `len` readable, initialised values.
pub(crate) unsafe fn input_slice<'a, T>(
    ptr: *const T,
    len: usize,
    argument: &str,
) -> FfiResult<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    check_array(ptr, len, argument)?;
    // SAFETY: checked non-null, aligned and not too large; readable (the caller's contract).
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

fn check_array<T>(ptr: *const T, len: usize, argument: &str) -> FfiResult<()> {
    if ptr.is_null() {
        return Err(FfiError::null(argument));
    }
    if !ptr.is_aligned() {
        return Err(misaligned(argument, align_of::<T>()));
    }
    if len.saturating_mul(size_of::<T>()) > isize::MAX as usize {
        return Err(FfiError::new(
            NavStatus::NavInvalidSize,
            format!("`{argument}` of {len} elements is larger than any buffer can be"),
        ));
    }
    Ok(())
}

fn misaligned(argument: &str, align: usize) -> FfiError {
    FfiError::invalid(format!(
        "argument `{argument}` is not aligned to {align} bytes"
    ))
}

/// A caller's output array of `capacity` elements, possibly uninitialised; NULL is accepted
/// when the capacity is 0 (to ask for the size needed).
pub(crate) struct OutBuffer<'a, T> {
    slots: &'a mut [MaybeUninit<T>],
    /// The argument's name, for errors.
    argument: &'a str,
}

impl<'a, T> OutBuffer<'a, T> {
    /// Checks `ptr[0..capacity]` (named `argument` in errors).
    ///
    /// # Safety
    /// `ptr` must be NULL or valid for writes of `capacity` values of `T`, and not be read or
    /// written by anything else while the buffer lives.
    pub unsafe fn new(ptr: *mut T, capacity: u32, argument: &'a str) -> FfiResult<Self> {
        // SAFETY: the caller's contract.
        unsafe { Self::with_len(ptr, capacity as usize, argument) }
    }

    /// [`new`](OutBuffer::new) with a `usize` length.
    ///
    /// # Safety
    /// As for [`new`](OutBuffer::new).
    pub unsafe fn with_len(ptr: *mut T, len: usize, argument: &'a str) -> FfiResult<Self> {
        if len == 0 {
            return Ok(Self {
                slots: &mut [],
                argument,
            });
        }
        check_array(ptr, len, argument)?;
        // SAFETY: checked non-null, aligned, not too large; writable and exclusive (the
        // caller's contract). `MaybeUninit` makes uninitialised memory fine.
        let slots = unsafe { std::slice::from_raw_parts_mut(ptr.cast::<MaybeUninit<T>>(), len) };
        Ok(Self { slots, argument })
    }

    /// [`new`](OutBuffer::new) for an optional output: NULL means it is not wanted, and
    /// gives an empty buffer whatever the capacity.
    ///
    /// # Safety
    /// As for [`new`](OutBuffer::new).
    pub unsafe fn optional(ptr: *mut T, capacity: u32, argument: &'a str) -> FfiResult<Self> {
        let len = if ptr.is_null() { 0 } else { capacity as usize };
        // SAFETY: the caller's contract.
        unsafe { Self::with_len(ptr, len, argument) }
    }

    /// Number of elements it holds.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Writes element `index` (which must be below the capacity).
    pub fn write(&mut self, index: usize, value: T) {
        self.slots[index].write(value);
    }

    /// Writes `values`, `count` of them, from index 0 when they all fit; else writes nothing
    /// and refuses with `NAV_BUFFER_TOO_SMALL`, naming the buffer and `what` the values are.
    pub fn write_all(
        &mut self,
        count: usize,
        values: impl IntoIterator<Item = T>,
        what: &str,
    ) -> FfiResult<()> {
        if count > self.capacity() {
            return Err(FfiError::buffer_too_small(
                self.argument,
                self.capacity() as u64,
                count as u64,
                what,
            ));
        }
        for (slot, value) in self.slots.iter_mut().zip(values) {
            slot.write(value);
        }
        Ok(())
    }

    /// The slots, to split between threads.
    pub fn slots(&mut self) -> &mut [MaybeUninit<T>] {
        self.slots
    }
}

/// `value`, if it is finite.
pub(crate) fn finite(value: f64, argument: &str) -> FfiResult<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(FfiError::invalid(format!(
            "`{argument}` must be a finite number, got {value}"
        )))
    }
}

/// An optional upper bound (on a cost, a length): `None` for 0, which means none (as does
/// +infinity); NaN and negative values are refused. `zero_means` words 0 in the message.
pub(crate) fn optional_bound(
    value: f64,
    argument: &str,
    zero_means: &str,
) -> FfiResult<Option<f64>> {
    if value.is_nan() || value < 0.0 {
        return Err(FfiError::invalid(format!(
            "`{argument}` must be 0 ({zero_means}), positive or +infinity, got {value}"
        )));
    }
    Ok((value != 0.0).then_some(value))
}

/// An optional limit on a count (expanded nodes): `None` for 0, which means none; counts
/// beyond `usize` saturate.
pub(crate) fn optional_count(value: u64) -> Option<usize> {
    (value != 0).then(|| usize::try_from(value).unwrap_or(usize::MAX))
}

/// A 0/1 flag.
pub(crate) fn flag(value: u32, argument: &str) -> FfiResult<bool> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(FfiError::invalid(format!(
            "`{argument}` must be 0 or 1, got {value}"
        ))),
    }
}
