//! Copying the fixed-capacity lists views are made of.

use arrayvec::ArrayVec;

/// A copy of a fixed-capacity list of plain values, made in one block move.
///
/// `ArrayVec::clone` pushes the elements one by one, checking the capacity each time.
/// Views copy their lists (Jass tricks, Truco plays) before every decision a player
/// makes, so they copy them with this instead.
pub fn copy_of<T: Copy, const N: usize>(list: &ArrayVec<T, N>) -> ArrayVec<T, N> {
    let mut copy = ArrayVec::new();
    // Same capacity, so the slice always fits and this never fails.
    let _ = copy.try_extend_from_slice(list);
    copy
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_every_element_in_order() {
        let full: ArrayVec<u8, 3> = [1, 2, 3].into_iter().collect();
        assert_eq!(copy_of(&full), full);
        let part: ArrayVec<u8, 3> = [7].into_iter().collect();
        assert_eq!(copy_of(&part), part);
        assert!(copy_of(&ArrayVec::<u8, 3>::new()).is_empty());
    }
}
