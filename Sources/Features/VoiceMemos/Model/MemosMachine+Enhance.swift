import Foundation

/// Enhance (SPEC I.3): a switch per memo, stored with it, for how it plays and exports.
extension MemosMachine {
    /// A memo's Enhance switched: stored, and the memo if it is playing goes on from where it is, the other way,
    /// so the difference is heard at once.
    mutating func enhanceToggled(_ id: UUID) -> [MemosEffect] {
        guard let index = index(of: id), !state.memos[index].isDeleted else { return [] }
        state.memos[index].isEnhanced.toggle()
        return [.saveEnhanced(id, state.memos[index].isEnhanced)] + playAgain(onlyIf: id)
    }
}
