import Testing
import VoiceRecorderGTK

@Suite("GL kept away only where it would be software")
struct SoftwareGLTests {
    @Test func noRenderNodeAndNothingAskedForMeansNoGL() {
        #expect(SoftwareGL.shouldDisable(environment: [:], renderNodes: []))
        #expect(SoftwareGL.shouldDisable(environment: ["GDK_DEBUG": ""], renderNodes: ["card0"]))
    }

    @Test func aGPUKeepsGTKsOwnChoice() {
        #expect(!SoftwareGL.shouldDisable(environment: [:], renderNodes: ["card0", "renderD128"]))
    }

    @Test func whatThePersonAskedForStands() {
        for variable in ["GDK_DEBUG", "GSK_RENDERER", "GDK_DISABLE"] {
            #expect(!SoftwareGL.shouldDisable(environment: [variable: "gl"], renderNodes: []), "\(variable)")
        }
    }
}
