<?xml version="1.0"?>
<tileset name="c32"><tileset/><tileset firstgid="9" source="c33.tsx"/></tileset>
