<?xml version="1.0"?>
<tileset name="self"><tileset/><tileset firstgid="9" source="self.tsx"/></tileset>
