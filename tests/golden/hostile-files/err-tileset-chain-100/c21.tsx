<?xml version="1.0"?>
<tileset name="c21"><tileset/><tileset firstgid="9" source="c22.tsx"/></tileset>
