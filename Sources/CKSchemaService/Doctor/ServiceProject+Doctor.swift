import CKSchemaCore

extension ServiceProject {
    /// `doctor` on the app in `path` (`nil`: the project folder), confined to the project: the folder, and every
    /// file doctor would read (a linked file is followed, so one leading out is refused before anything is read).
    /// A `ckschema.yaml` nearer to `path` than the project's (an app's own, in a subfolder) configures it.
    package func doctor(_ path: String?) throws(ServiceError) -> DoctorReport {
        let root = try folder.confine(path ?? configuration.directory)
        var project = self.project
        if path != nil, let nearest = Project.nearestConfig(from: root, within: folder.root),
           nearest != project.configFile?.path {
            project = try Project.load(configPath: try folder.confine(nearest))
        }
        return try AppDoctor.run(project, root: root) { (files: [String]) throws(ServiceError) in
            for file in files { _ = try folder.confine(file) }
        }
    }
}
